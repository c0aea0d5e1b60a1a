import { describe, expect, it } from 'vitest';
import { battleDayEndedBefore, battleDayEndedByReset } from '../../../src/modules/war/reset.js';

describe('which battle day just ended', () => {
  it.each([
    // [previous section/period] → [current section/period] → ended
    [
      { sectionIndex: 2, periodIndex: 17 },
      { sectionIndex: 2, periodIndex: 18 },
      { day: 1, inPreviousWeek: false },
    ],
    [
      { sectionIndex: 2, periodIndex: 19 },
      { sectionIndex: 2, periodIndex: 20 },
      { day: 3, inPreviousWeek: false },
    ],
    [
      { sectionIndex: 2, periodIndex: 20 },
      { sectionIndex: 3, periodIndex: 21 },
      { day: 4, inPreviousWeek: true },
    ],
    // colosseum's last day closes into section 0 of the next season
    [
      { sectionIndex: 4, periodIndex: 34 },
      { sectionIndex: 0, periodIndex: 0 },
      { day: 4, inPreviousWeek: true },
    ],
    // training mornings: nothing to report
    [{ sectionIndex: 3, periodIndex: 21 }, { sectionIndex: 3, periodIndex: 22 }, null],
    [{ sectionIndex: 3, periodIndex: 22 }, { sectionIndex: 3, periodIndex: 23 }, null],
    [{ sectionIndex: 3, periodIndex: 23 }, { sectionIndex: 3, periodIndex: 24 }, null],
    // no reset yet: polling continues
    [{ sectionIndex: 3, periodIndex: 25 }, { sectionIndex: 3, periodIndex: 25 }, null],
  ])('%o → %o: %o', (previous, current, ended) => {
    expect(battleDayEndedByReset(previous, current)).toEqual(ended);
  });

  it.each([
    [27, { day: 3, inPreviousWeek: false }],
    [28, { day: 4, inPreviousWeek: true }],
    [30, null],
  ])('a manual run during period %i reports %o', (periodIndex, ended) => {
    expect(battleDayEndedBefore(periodIndex)).toEqual(ended);
  });
});
