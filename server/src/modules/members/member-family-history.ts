import type { MemberClan, MemberDay, MemberTitle, MemberWeek } from '#contracts/member-page';

/** One clan's reading of the player's history (buildMemberWeeks and the titles of that clan's monthly figures). */
export interface ClanHistory {
  clan: MemberClan;
  /** the player's name in each of this clan's log weeks */
  names: readonly { name: string; at: Date }[];
  weeks: readonly MemberWeek[];
  titles: readonly MemberTitle[];
}

const weekKey = (w: { seasonId: number; sectionIndex: number }) => `${w.seasonId}/${w.sectionIndex}`;
const SILENT = new Set<MemberDay['note']>(['not-in-clan', 'not-reported']);
const sumOrNull = (values: (number | null)[]) =>
  values.some((v) => v !== null) ? values.reduce<number>((s, v) => s + (v ?? 0), 0) : null;

/**
 * A day read across the clans that hold its week: the clan whose report judges the player (a day is judged in the
 * clan they were in at its reset, docs/war-tracking.md §5), else one that lists them as joining, else "not reported"
 * when any clan has no report of it (the player may have been there), else "not in clan".
 */
function familyDay(day: number, readings: { clanTag: string; day: MemberDay | undefined }[]): MemberDay {
  const said = readings.filter((r) => r.day && !SILENT.has(r.day.note));
  const speaking = said.find((r) => r.day!.note !== 'joined' && r.day!.note !== 'untracked') ?? said[0];
  if (speaking) return { ...speaking.day!, clanTag: speaking.clanTag };
  const unreported = readings.some((r) => !r.day || r.day.note === 'not-reported');
  return { day, note: unreported ? 'not-reported' : 'not-in-clan', decksUsed: null, decksUsedMax: null, clanTag: null };
}

/**
 * One history per member (docs/decisions/100-clan-family-data-model.md): the weeks of every clan the player was in,
 * oldest first; a week in two clans' logs (a move that week) is one week with both parts, fame and decks added.
 */
export function mergeClanWeeks(histories: readonly ClanHistory[]): MemberWeek[] {
  const byWeek = new Map<string, { clan: MemberClan; week: MemberWeek }[]>();
  for (const h of histories)
    for (const week of h.weeks)
      byWeek.set(weekKey(week), [...(byWeek.get(weekKey(week)) ?? []), { clan: h.clan, week }]);
  return [...byWeek.values()]
    .map((entries): MemberWeek => {
      const stored = entries.find((e) => e.week.stored) ?? entries[0]!;
      return {
        seasonId: stored.week.seasonId,
        sectionIndex: stored.week.sectionIndex,
        title: stored.week.title,
        stored: entries.some((e) => e.week.stored),
        fame: sumOrNull(entries.map((e) => e.week.fame)),
        decksUsed: sumOrNull(entries.map((e) => e.week.decksUsed)),
        days: [1, 2, 3, 4].map((d) =>
          familyDay(
            d,
            entries.map((e) => ({ clanTag: e.clan.tag, day: e.week.days.find((x) => x.day === d) })),
          ),
        ),
        parts: entries.map((e) => ({ clan: e.clan, fame: e.week.fame, decksUsed: e.week.decksUsed })),
      };
    })
    .sort((a, b) => a.seasonId - b.seasonId || a.sectionIndex - b.sectionIndex);
}

/** Titles of every clan, each with its clan, newest first. */
export function mergeClanTitles(histories: readonly ClanHistory[]): MemberTitle[] {
  return histories
    .flatMap((h) => h.titles.map((t) => ({ ...t, clanTag: h.clan.tag })))
    .sort((a, b) => b.year - a.year || b.month - a.month || a.clanTag.localeCompare(b.clanTag));
}
