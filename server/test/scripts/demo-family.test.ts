import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/database.js';
import { ManualClock } from '../../src/lib/clock.js';
import { DEMO_HISTORY_DAYS, fillDemoHistory } from '../../src/scripts/demo-history.js';
import type { TestApp } from '../helpers/test-app.js';
import { engines } from '../helpers/test-db.js';
import { scriptTestApp } from '../helpers/scripts.js';

const NOW = '2026-11-23T15:30:00.000Z'; // a Monday afternoon in New York
const DAY = 86_400_000;

describe.each(engines)(
  'the demo family (DEMO_FAMILY=1, %s)',
  (engine) => {
    let t: TestApp;
    afterEach(async () => t?.close());

    it('serves three clans, fills each one’s past and records the moves the simulator made', async () => {
      t = await scriptTestApp(engine, new ManualClock(NOW), {}, { DEMO_FAMILY: '1' });
      const sim = t.app.ctx.cr.simulator!;
      const family = sim.state.family!;
      // the simulator's own list of its clans: the main clan and two feeders
      expect(family.clanTags).toHaveLength(3);
      expect(family.clanTags[0]).toBe(t.config.CLAN_TAG);

      const clans = await t.db.kysely.selectFrom('clans').selectAll().orderBy('position').execute();
      expect(clans.filter((c) => c.removed_at === null).map((c) => c.tag)).toEqual(family.clanTags);
      expect(clans.map((c) => c.role)).toEqual(['main', 'family', 'family']);

      expect((await fillDemoHistory(t.app.ctx)).filled).toBe(true);
      const kysely = t.db.kysely;
      for (const tag of family.clanTags) {
        const weeks = await kysely
          .selectFrom('river_race_data')
          .select(['season_id', 'section_index'])
          .distinct()
          .where('clan_tag', '=', tag)
          .execute();
        expect(weeks.length, `${tag}'s river race log`).toBeGreaterThanOrEqual(10);
        const reports = await kysely.selectFrom('war_day_reports').select('day').where('clan_tag', '=', tag).execute();
        expect(reports.length, `${tag}'s battle day reports`).toBeGreaterThan(8);
        const months = await kysely
          .selectFrom('monthly_spotlight')
          .select(['year', 'month'])
          .distinct()
          .where('clan_tag', '=', tag)
          .execute();
        expect(months.length, `${tag}'s monthly champions`).toBeGreaterThanOrEqual(3);
        // the roster the app keeps is the simulator's member list of that clan now
        const roster = await kysely
          .selectFrom('clan_members')
          .select('tag')
          .where('clan_tag', '=', tag)
          .where('left_at', 'is', null)
          .execute();
        const simMembers = family.membersAt(tag, new Date(NOW));
        const kept = roster.map((r) => r.tag);
        // a move after the last poll of the replay is not seen yet: at most a couple of tags differ
        expect(kept.filter((m) => simMembers.includes(m)).length).toBeGreaterThanOrEqual(simMembers.length - 2);
        // each clan's name, kept from its polls, is the simulator's
        const row = await kysely.selectFrom('clans').select('name').where('tag', '=', tag).executeTakeFirstOrThrow();
        expect(row.name).toBe(sim.state.clanState(tag)!.name);
      }

      // Moves: every one the app recorded is one of the simulator's ledger, and there is at least one.
      const from = new Date(new Date(NOW).getTime() - DEMO_HISTORY_DAYS * DAY - DAY);
      const ledger = family.moves(from, new Date(NOW));
      const moves = await kysely.selectFrom('member_moves').selectAll().execute();
      expect(moves.length).toBeGreaterThanOrEqual(1);
      for (const m of moves) {
        const truth = ledger.find(
          (l) => l.playerTag === m.player_tag && l.fromClan === m.from_clan_tag && l.toClan === m.to_clan_tag,
        );
        expect(truth, `${m.player_tag} ${m.from_clan_tag} → ${m.to_clan_tag}`).toBeDefined();
        expect(Date.parse(m.joined_at)).toBeGreaterThanOrEqual(truth!.joinedAt.getTime());
      }

      // the public main clan page still answers for the main clan alone
      const clan = (await t.app.inject({ url: '/api/clan' })).json() as { tag: string };
      expect(clan.tag).toBe(t.config.CLAN_TAG);
    });

    it('a restart with DEMO_FAMILY=0 on the same database takes the demo feeders out of the family', async () => {
      t = await scriptTestApp(engine, new ManualClock(NOW), {}, { DEMO_FAMILY: '1' });
      const active = async () =>
        (await t.db.kysely.selectFrom('clans').select('tag').where('removed_at', 'is', null).execute()).map(
          (c) => c.tag,
        );
      expect(await active()).toHaveLength(3);
      const db = openDatabase(t.db.url ? { databaseUrl: t.db.url } : { sqliteFile: t.db.file });
      const config = { ...t.config, DEMO_FAMILY: '0' as const };
      const app = await buildApp({ config, db, clock: t.clock, logger: false, scripts: { autoStart: false } });
      try {
        await app.ready();
        expect(await active()).toEqual([t.config.CLAN_TAG]);
        expect(app.ctx.cr.simulator!.state.family).toBeNull();
        expect(app.ctx.clans.active().map((c) => c.tag)).toEqual([t.config.CLAN_TAG]);
      } finally {
        await app.close();
        await db.close();
      }
    });
  },
  180_000,
);
