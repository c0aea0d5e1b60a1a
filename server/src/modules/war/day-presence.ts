import type { RiverRaceSnapshot } from './types.js';

/** A roster as one snapshot saw it. */
export type ObservedRoster = Pick<RiverRaceSnapshot, 'takenAt' | 'memberTags'>;

/**
 * Whether a member was in the clan when a battle day began (docs/war-tracking.md §5):
 * - present: in the last roster seen before the day's reset. A member who left and came back
 *   (within the day, or around the reset) is judged as present: leaving is no way out of the report.
 * - joined: absent from that roster and seen to arrive after it, with the two rosters close
 *   enough around the reset that arriving "during the day" is the honest reading (benefit of the
 *   doubt for the few minutes between them).
 * - untracked: nobody saw whether they were there at the start (no roster before the reset, or
 *   one so far before it that they may have joined a day earlier). Never judged.
 */
export type Presence = 'present' | 'joined' | 'untracked';

/** Two rosters further apart than this cannot tell on which side of the reset a member arrived. */
export const JOIN_DOUBT_MS = 3 * 3_600_000;

export function presenceAtDayStart(
  before: ObservedRoster | null,
  after: ObservedRoster | null,
): (tag: string) => Presence {
  const was = before?.memberTags ? new Set(before.memberTags) : null;
  const then = after?.memberTags ? new Set(after.memberTags) : null;
  const close =
    before !== null && after !== null && after.takenAt.getTime() - before.takenAt.getTime() <= JOIN_DOUBT_MS;
  return (tag) => {
    if (was?.has(tag)) return 'present';
    // not there just after the reset either: they arrived later in the day (or later still)
    if (then && !then.has(tag)) return 'joined';
    return was && close ? 'joined' : 'untracked';
  };
}
