import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_WAR_RULES } from '#contracts/war-rules';
import { writeWarRules } from '#server/modules/war/insights/war-insights.repository';
import { riverRaceLogScript } from '#server/scripts/registry';
import { engines } from '../../helpers/test-db.js';
import { warTimeline, type WarTimeline } from '../../helpers/war-timeline.js';

describe.each(engines)('the weekly War summary after the river race log (%s)', (engine) => {
  let w: WarTimeline;
  afterEach(async () => {
    await w?.close();
  });
  const outbox = () =>
    w.t.db.kysely.selectFrom('discord_outbox').select(['script_run_id', 'payload']).orderBy('id').execute();

  it('is off by default: the run posts its week message only', async () => {
    w = await warTimeline(engine, '2026-11-23T15:00:00.000Z');
    await w.run(riverRaceLogScript);
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).not.toContain('War summary');
  });

  it('when switched on, is one more message of the same run, sent once per new week', async () => {
    w = await warTimeline(engine, '2026-11-23T15:00:00.000Z');
    await writeWarRules(w.t.db.kysely, w.t.app.ctx.clans.main.tag, { ...DEFAULT_WAR_RULES, weeklySummary: true });
    const run = await w.run(riverRaceLogScript);
    const rows = await outbox();
    expect(rows.map((r) => r.script_run_id)).toEqual([run.runId, run.runId]);
    const summary = JSON.parse(rows[1]!.payload) as { content: string };
    expect(summary.content).toMatch(/^\*\*War summary · Season \d+ · Week \d · /);
    expect(summary.content).toMatch(/\*\*Promotion candidates\*\* \(\d+\)/);
    expect(summary.content).toMatch(/\*\*At risk\*\* \(\d+\)/);
    expect(summary.content).not.toMatch(/@(everyone|here)/);

    await w.run(riverRaceLogScript); // nothing new stored: nothing posted
    expect(await outbox()).toHaveLength(2);
  });
});
