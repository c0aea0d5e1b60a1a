import { afterEach, describe, expect, it } from 'vitest';
import type { AbsencesResponse } from '#contracts/admin-members';
import { DEFAULT_SIM_CLAN_TAG as CLAN } from '#server/simulator/simulator';
import { bearer, loginToken } from '../helpers/auth.js';
import { LEADER_ROLE_ID } from '../helpers/discord-stand-in.js';
import { engines } from '../helpers/test-db.js';
import { discordKit, type DiscordKit } from './discord-kit.js';

const START = '2026-11-19T15:00:00.000Z';
const CAROL = { id: '500000000000000003' };
const LEADER = { id: '600000000000000001', roles: [LEADER_ROLE_ID] };
const TAG = '#PQL0289';
const NAME = '[Free gems](https://evil.example/g)';
const REASON = '[details](https://evil.example/x) @everyone';
/** As Discord must receive them: every markdown character escaped, `@` broken by a zero-width space. */
const NAME_ESCAPED = '\\[Free gems\\]\\(https\\://evil.example/g\\)';
const REASON_ESCAPED = '\\[details\\]\\(https\\://evil.example/x\\) @\u200beveryone';

/**
 * Names and reasons typed by players and members reach leaders in Discord as text (docs/security.md §7): a masked link
 * in an absence reason or a player's name is escaped like the webhook posts escape it, and the leaders see who asked.
 */
describe.each(engines)('Discord replies escape what members typed (%s)', (engine) => {
  let k: DiscordKit | null = null;
  afterEach(async () => {
    await k?.close();
    k = null;
  });
  const opt = (name: string, value: string) => ({ name, type: 3, value });
  const content = (body: Record<string, unknown>) => String((body.data as { content: string }).content);

  it('a masked link in a reason and in a name reaches leaders escaped, with the member who asked', async () => {
    k = await discordKit(engine, START, { seed: 94 });
    await k.w.t.db.kysely
      .insertInto('clan_members')
      .values({
        clan_tag: CLAN,
        tag: TAG,
        name: NAME,
        role: 'member',
        first_seen_at: '2026-10-01T00:00:00.000Z',
        family_first_seen_at: '2026-10-01T00:00:00.000Z',
        last_seen_at: '2026-11-19T00:00:00.000Z',
        left_at: null,
        exp_level: null,
        trophies: null,
        donations: null,
        donations_received: null,
        last_seen_in_game: null,
        donations_last_week: null,
      })
      .execute();
    const token = await loginToken(k.w.t.app);
    const linked = await k.w.t.app.inject({
      method: 'PUT',
      url: `/api/admin/discord-links/${encodeURIComponent(TAG)}`,
      headers: bearer(token),
      payload: { discordUserId: CAROL.id },
    });
    expect(linked.statusCode).toBe(200);

    const asked = content(
      (
        await k.send(
          k.discord.command('away', CAROL, [opt('from', '2026-11-27'), opt('to', '2026-11-29'), opt('reason', REASON)]),
        )
      ).body,
    );
    expect(asked).toBe(
      `Asked: ${NAME_ESCAPED} (${TAG}) away 2026-11-27 to 2026-11-29 (${REASON_ESCAPED}) (waiting for a leader). ` +
        'Battle days it would excuse: Season 138 · Week 4 · battle day 2 (reset Fri, Nov 27), Season 138 · Week 4 · ' +
        'battle day 3 (reset Sat, Nov 28), Season 138 · Week 4 · battle day 4 (reset Sun, Nov 29); the resets come ' +
        'between about 09:30 and 10:00 UTC. Dates are UTC days. ' +
        'A leader approves it with `/absences` or in the admin panel (absence #1).',
    );

    const list = content((await k.send(k.discord.command('absences', LEADER))).body);
    expect(list).toBe(
      'Absences waiting for approval (1):\n' +
        `#1 ${NAME_ESCAPED} (${TAG}): 2026-11-27 to 2026-11-29 (${REASON_ESCAPED}) (waiting for a leader), asked by <@${CAROL.id}>`,
    );
    expect(list).not.toContain('[details](');

    const me = content((await k.send(k.discord.command('me', CAROL))).body);
    expect(me).toContain(`**${NAME_ESCAPED}** (${TAG})`);
    expect(me).toContain(`Excused: 2026-11-27 to 2026-11-29 (${REASON_ESCAPED}) (waiting for a leader).`);

    // the admin card names the requester too
    const admin = (
      await k.w.t.app.inject({ url: '/api/admin/absences', headers: bearer(token) })
    ).json() as AbsencesResponse;
    expect(admin.absences).toMatchObject([{ playerTag: TAG, reason: REASON, requestedBy: `discord:${CAROL.id}` }]);
  });
});
