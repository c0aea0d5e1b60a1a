import { baselinePlaces } from '#server/modules/war/projection/baseline';
import { projectRace } from '#server/modules/war/projection/project-race';
import type { ClosedDay, ProjectionInput } from '#server/modules/war/projection/types';
import type { WeekLedger } from './ledger.js';

const DAY_MS = 86_400_000;
const WEEK_END = Date.UTC(2026, 0, 1, 9, 30);

/** The live race at the start of battle day `day` of a ledger's week: closed days only, nothing played today. */
export function inputAt(week: WeekLedger, day: number): ProjectionInput {
  const before = week.days.slice(0, day - 1);
  const weekDays = new Map<string, ClosedDay[]>();
  const clans = week.clans.map((c) => {
    const played = before.map((d) => d.get(c.tag)).filter((d) => d !== undefined);
    weekDays.set(
      c.tag,
      played.map((d) => ({ medals: d.medals, defense: d.defense })),
    );
    const finishDay = week.truth.get(c.tag)!.finishDay;
    const over = finishDay !== null && finishDay < day;
    return {
      tag: c.tag,
      name: c.name,
      fame: played.at(-1)?.boatAfter ?? 0,
      periodPoints: 0,
      finishTime: over ? new Date(WEEK_END - (4 - finishDay) * DAY_MS - 2000) : null,
      decksUsed: played.every((d) => d.decks !== null) ? played.reduce((n, d) => n + d.decks!, 0) : 0,
      decksUsedToday: 0,
      medals: played.reduce((n, d) => n + d.medals, 0),
      players: c.players,
    };
  });
  const nextReset = new Date(WEEK_END - (4 - day) * DAY_MS);
  return {
    mode: 'normal',
    day,
    nextReset,
    dayElapsed: 0,
    clans,
    weekDays,
    history: week.history,
    ourTag: clans[0]!.tag,
  };
}

export interface BacktestRow {
  day: number;
  /** clan-weeks scored: clans still racing when the day began */
  scored: number;
  ours: { placeHits: number; meanError: number; inRange: number };
  baseline: { placeHits: number; meanError: number };
}

/** Replays each week from the start of each battle day and scores both models against the week's true end. */
export function backtest(weeks: readonly WeekLedger[], runs = 200): BacktestRow[] {
  return [1, 2, 3, 4].map((day): BacktestRow => {
    let scored = 0;
    const ours = { placeHits: 0, error: 0, inRange: 0 };
    const base = { placeHits: 0, error: 0 };
    for (const week of weeks) {
      const input = inputAt(week, day);
      const projection = projectRace({ ...input, runs });
      const baseline = baselinePlaces(input);
      input.clans.forEach((clan, i) => {
        if (clan.finishTime) return;
        const truth = week.truth.get(clan.tag)!;
        const hit = (place: number) => place >= truth.placeLow && place <= truth.placeHigh;
        const p = projection.clans[i]!;
        scored += 1;
        if (hit(p.place.mid)) ours.placeHits += 1;
        if (hit(baseline[i]!.place)) base.placeHits += 1;
        ours.error += Math.abs(p.final.mid - truth.final);
        base.error += Math.abs(baseline[i]!.final - truth.final);
        if (truth.final >= p.final.low && truth.final <= p.final.high) ours.inRange += 1;
      });
    }
    const n = Math.max(scored, 1);
    return {
      day,
      scored,
      ours: { placeHits: ours.placeHits / n, meanError: ours.error / n, inRange: ours.inRange / n },
      baseline: { placeHits: base.placeHits / n, meanError: base.error / n },
    };
  });
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const fame = (x: number) => Math.round(x).toLocaleString('en-US');

/** The table the closing note and docs/war-tracking.md show: one markdown row per battle day's start. */
export function backtestTable(title: string, rows: readonly BacktestRow[]): string {
  const head = [
    title,
    '',
    '| Start of | Clans | Place right: ours | baseline | Final fame MAE: ours | baseline | In the 80% range |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const lines = rows.map((r) =>
    [
      `| battle day ${r.day}`,
      String(r.scored),
      pct(r.ours.placeHits),
      pct(r.baseline.placeHits),
      fame(r.ours.meanError),
      fame(r.baseline.meanError),
      `${pct(r.ours.inRange)} |`,
    ].join(' | '),
  );
  return [...head, ...lines].join('\n');
}
