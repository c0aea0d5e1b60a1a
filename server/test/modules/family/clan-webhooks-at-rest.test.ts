import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppContext } from '#server/app-context';
import { syncClans } from '#server/modules/family/clan-directory';
import {
  openClanWebhook,
  resealClanWebhooks,
  sealClanWebhook,
  unreadableWebhookWarning,
} from '#server/modules/family/clan-webhooks';
import { OperatorWarnings } from '#server/lib/operator-warnings';
import { listClans, setClanWebhook } from '#server/modules/family/clans.repository';
import { DEFAULT_SIM_CLAN_TAG as MAIN } from '#server/simulator/simulator';
import { createTestDb, engines, type TestDb } from '#test/helpers/test-db';

const FEEDER = '#YYRJ2L';
const YOUTH = '#QQQQQQ';
const url = (id: number) => `https://discord.com/api/webhooks/${id}/token-${id}`;

/**
 * Each clan's Discord webhook at start (docs/decisions/104-per-clan-webhooks.md): after the one-time rotation of the
 * signing key, a webhook sealed under the replaced key is sealed again under the new one, a plain one from an earlier
 * version is sealed, and one that opens under neither is left as it is, logged and shown on the system card.
 */
describe.each(engines)('clan webhooks at rest on %s', (engine) => {
  let db: TestDb | null = null;
  afterEach(async () => {
    await db?.drop();
    db = null;
  });

  it('brings every stored webhook under the new key, and logs the one it cannot read', async () => {
    db = await createTestDb(engine);
    await syncClans(db.kysely, MAIN, [FEEDER, YOUTH], new Date('2026-11-26T10:00:00Z'));
    const [oldKey, newKey, strangerKey] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    await setClanWebhook(db.kysely, MAIN, sealClanWebhook(oldKey, MAIN, url(1)));
    await setClanWebhook(db.kysely, FEEDER, url(2));
    const unreadable = sealClanWebhook(strangerKey, YOUTH, url(3));
    await setClanWebhook(db.kysely, YOUTH, unreadable);
    const errors: { event: string; clanTag: string }[] = [];
    const log = { error: (fields: { event: string; clanTag: string }) => errors.push(fields), warn: () => undefined };
    const warnings = new OperatorWarnings(log as unknown as AppContext['log']);
    const ctx = { db, log, warnings } as unknown as Pick<AppContext, 'db' | 'log' | 'warnings'>;

    await resealClanWebhooks(ctx, newKey, oldKey);
    const stored = new Map((await listClans(db.kysely)).map((c) => [c.tag, c.webhookSealed]));
    expect(openClanWebhook(newKey, MAIN, stored.get(MAIN)!)).toBe(url(1));
    expect(stored.get(FEEDER)).toMatch(/^v1\./);
    expect(openClanWebhook(newKey, FEEDER, stored.get(FEEDER)!)).toBe(url(2));
    expect(stored.get(YOUTH)).toBe(unreadable);
    expect(errors).toEqual([expect.objectContaining({ event: 'family.webhook_unreadable', clanTag: YOUTH })]);
    // the system card lists it as an error the admin can act on
    expect(warnings.list()).toEqual([unreadableWebhookWarning(YOUTH)]);
    expect(warnings.list()[0]).toContain(`The Discord webhook of ${YOUTH} cannot be read`);

    // a second start writes nothing: each value already opens under the key
    await resealClanWebhooks(ctx, newKey, null);
    expect(new Map((await listClans(db.kysely)).map((c) => [c.tag, c.webhookSealed]))).toEqual(stored);
    expect(errors).toHaveLength(2);
  });
});
