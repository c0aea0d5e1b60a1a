import { readFixture } from '../cr-fixtures.js';
import { truthOf, type LedgerDay, type WeekLedger } from './ledger.js';

interface LogItem {
  clan: { tag: string };
  pointsEarned: number;
  progressEndOfDay: number;
  endOfDayRank: number;
  progressEarnedFromDefenses: number;
}
interface Recording {
  clans: { tag: string; name: string }[];
  periodLogs: { periodIndex: number; items: LogItem[] }[];
}

/**
 * Every complete week of battle days in the recordings' `periodLogs`: season 128 weeks 1–2 (five close clans,
 * `currentriverrace.warday-inprogress.json`) and season 133 weeks 1–4 (one clan far ahead,
 * `currentriverrace.colosseum.json`, whose log holds the whole season). Only the game's own numbers: each day's medals
 * and defenses, the boat after each close. Decks are not in the log (null).
 */
export function recordedWeeks(): WeekLedger[] {
  const files = [
    { file: 'currentriverrace.warday-inprogress.json', season: 128 },
    { file: 'currentriverrace.colosseum.json', season: 133 },
  ];
  const weeks: WeekLedger[] = [];
  for (const { file, season } of files) {
    const rec = readFixture<Recording>(file);
    const bySection = new Map<number, Recording['periodLogs']>();
    for (const log of rec.periodLogs) {
      const section = Math.floor(log.periodIndex / 7);
      bySection.set(section, [...(bySection.get(section) ?? []), log]);
    }
    const history = new Map<string, number[]>();
    for (const [section, logs] of [...bySection.entries()].sort((a, b) => a[0] - b[0])) {
      if (logs.length !== 4) continue;
      const sorted = [...logs].sort((a, b) => a.periodIndex - b.periodIndex);
      const crossed = new Map<string, number>();
      const days = sorted.map((log, d) => {
        const day = new Map<string, LedgerDay>();
        for (const it of log.items) {
          if (crossed.has(it.clan.tag)) continue;
          day.set(it.clan.tag, {
            medals: it.pointsEarned,
            decks: null,
            defense: it.progressEarnedFromDefenses,
            boatAfter: it.progressEndOfDay,
          });
          if (it.progressEndOfDay >= 10_000) crossed.set(it.clan.tag, d + 1);
        }
        return day;
      });
      const finals = new Map(
        rec.clans.map((c) => {
          const last = [...days]
            .reverse()
            .find((d) => d.has(c.tag))
            ?.get(c.tag);
          return [c.tag, { final: Math.min(10_000, last?.boatAfter ?? 0), finishDay: crossed.get(c.tag) ?? null }];
        }),
      );
      weeks.push({
        label: `recorded ${season}/${section}`,
        clans: rec.clans.map((c) => ({ tag: c.tag, name: c.name, players: 0 })),
        days,
        history: new Map([...history].map(([t, h]) => [t, [...h]])),
        truth: truthOf(finals),
      });
      for (const day of days) for (const [tag, d] of day) history.set(tag, [...(history.get(tag) ?? []), d.medals]);
    }
  }
  return weeks;
}
