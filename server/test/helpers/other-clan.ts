import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

/** A clan of the family whose rows must never show in another clan's answers (docs/decisions/100, step 2). */
export const OTHER_CLAN = '#QQQQQQ';

/**
 * Copies every row of every clan table to OTHER_CLAN, its names changed and its numbers doubled, as a second clan's
 * week would look: an answer that reads a table without naming its clan then counts, lists or names them twice.
 * Ids are left to the database (the copies get new ones).
 */
export async function seedOtherClan(db: Kysely<Database>): Promise<void> {
  const copies: { table: string; columns: string[]; changed?: Record<string, string> }[] = [
    {
      table: 'clan_members',
      columns: ['tag', 'role', 'first_seen_at', 'last_seen_at', 'left_at', 'exp_level', 'trophies', 'donations'],
      changed: { name: `'Other ' || name`, donations_received: '7', family_first_seen_at: 'first_seen_at' },
    },
    {
      table: 'war_state_cache',
      columns: ['taken_at', 'season_id', 'section_index', 'period_index', 'period_type', 'participants', 'period_logs'],
      changed: { clan_fame: 'clan_fame * 2', period_points: 'period_points * 2', member_tags: 'member_tags' },
    },
    {
      table: 'war_day_reports',
      columns: ['season_id', 'section_index', 'day', 'status', 'complete', 'day_started_after', 'day_ended_by'],
      changed: { title: `'Other ' || title`, reported_at: 'reported_at', script_run_id: 'script_run_id' },
    },
    {
      table: 'war_day_decks',
      columns: ['season_id', 'section_index', 'day', 'player_tag', 'decks_used_max', 'status'],
      changed: { player_name: `'Other ' || player_name`, decks_used: '0' },
    },
    {
      table: 'river_race_data',
      columns: ['season_id', 'section_index', 'player_tag', 'decks_used', 'boat_attacks', 'repair_points'],
      changed: {
        player_name: `'Other ' || player_name`,
        fame: 'fame * 2 + 1',
        was_member_at_end: 'was_member_at_end',
        created_date: 'created_date',
        finish_time: 'finish_time',
        clan_rank: 'clan_rank',
        trophy_change: 'trophy_change',
        clan_fame: 'clan_fame * 2',
        stored_at: 'stored_at',
      },
    },
    {
      table: 'river_race_days',
      columns: ['season_id', 'section_index', 'period_index', 'progress_earned', 'end_of_day_rank', 'recorded_at'],
      changed: { points_earned: 'points_earned * 2 + 1' },
    },
    {
      table: 'monthly_spotlight',
      columns: ['year', 'month', 'player_tag', 'weeks_counted', 'updated_at'],
      changed: { player_name: `'Other ' || player_name`, fame_earned: 'fame_earned * 2 + 1' },
    },
    { table: 'script_schedules', columns: ['script_id', 'updated_at'], changed: { cron: `'7 7 * * *'` } },
    {
      table: 'script_runs',
      columns: [
        'script_id',
        'trigger',
        'occurrence_key',
        'status',
        'started_at',
        'finished_at',
        'duration_ms',
        'details',
      ],
      changed: { message: `'Other ' || message` },
    },
    {
      table: 'discord_outbox',
      columns: [
        'script_run_id',
        'script_id',
        'created_at',
        'status',
        'attempts',
        'sent_at',
        'parts_sent',
        'destination',
      ],
      changed: { payload: `replace(payload, '"content":"', '"content":"Other ')` },
    },
  ];
  await db.transaction().execute(async (trx) => {
    for (const { table, columns, changed = {} } of copies) {
      const targets = ['clan_tag', ...columns, ...Object.keys(changed)].map((c) => `"${c}"`).join(', ');
      const sources = [...columns.map((c) => `"${c}"`), ...Object.values(changed)].join(', ');
      await sql`INSERT INTO ${sql.table(table)} (${sql.raw(targets)})
        SELECT ${OTHER_CLAN}, ${sql.raw(sources)} FROM ${sql.table(table)}`.execute(trx);
    }
    await trx
      .insertInto('clans')
      .values({ tag: OTHER_CLAN, role: 'family', position: 1, added_at: '2026-11-23T09:00:00.000Z' })
      .execute();
    await trx
      .insertInto('clan_settings')
      .values([
        { clan_tag: OTHER_CLAN, key: 'war-rules', value: '{"minDecksPerWeek":1}' },
        { clan_tag: OTHER_CLAN, key: 'war-reminders.offsets', value: '[5]' },
        { clan_tag: OTHER_CLAN, key: 'template:inactive-players', value: 'Other {title}' },
      ])
      .execute();
  });
}
