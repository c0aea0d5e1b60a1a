/**
 * The war rules in words, each beside the rule it words (server/src/modules/war/insights/rules.ts): the War report,
 * the family report and the weekly summary read these, so changing a rule changes its caption in one place.
 */
export interface RuleValues {
  attacksPerDay: number;
  minimumFamePerWar: number;
  missedAttacksForRemoval: number;
  maxDaysAway: number | null;
  minWeeklyDonations: number | null;
  topN?: number;
  consecutiveWars?: number;
}

const n = (v: number) => v.toLocaleString('en-US');

export function warRuleCaptions(r: RuleValues) {
  const wars = r.consecutiveWars ?? 1;
  return {
    promotion:
      `Top ${r.topN ?? 10} in ${wars} consecutive war${wars === 1 ? '' : 's'}, from the roles you chose; a war the ` +
      'member was excused in and did not place in is passed over.',
    belowFame:
      `Fewer than ${n(r.minimumFamePerWar)} fame in the war, in proportion to the battle days before the finish that ` +
      'were not excused (members of the whole war only).',
    missedAttacks:
      `${r.missedAttacksForRemoval} or more attacks certainly missed (${r.attacksPerDay} a day); uncertain, ` +
      'finished-race, excused and joining days never count.',
    notWholeWar: 'Shown, never blamed: the lists above judge only members who were in the clan when the war began.',
    awayTooLong:
      r.maxDaysAway === null
        ? 'Off: set a number of days in the rules below to use it.'
        : `Not seen in the game for more than ${r.maxDaysAway} days, days covered by an approved absence aside.`,
    lowDonations:
      r.minWeeklyDonations === null
        ? 'Off: set a weekly minimum in the rules below to use it.'
        : `Fewer than ${r.minWeeklyDonations} donations last week.`,
    family:
      `the main clan's rules: at least ${n(r.minimumFamePerWar)} fame and fewer than ${r.missedAttacksForRemoval} ` +
      `missed attacks of ${r.attacksPerDay} a day, each battle day counted in the clan the member was in when it began ` +
      'with their decks in every family clan, excused days aside',
  };
}
