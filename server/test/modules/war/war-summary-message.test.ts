import { describe, expect, it } from 'vitest';
import { warSummaryMessage } from '#server/modules/war/insights/war-summary-message';
import type { WarReport } from '#server/modules/war/insights/war-report';

const empty: WarReport = {
  war: { seasonId: 138, sectionIndex: 2, createdDate: new Date('2026-11-23T09:40:00Z') },
  promotionCandidates: [],
  belowFame: [],
  missedAttacks: [],
  awayTooLong: [],
  lowDonations: [],
  notWholeWar: [],
};

describe('the weekly War summary', () => {
  it('names candidates and players at risk once each, with their reasons, and pings nobody', () => {
    const report: WarReport = {
      ...empty,
      promotionCandidates: [
        {
          tag: '#P1',
          name: '@everyone',
          role: 'member',
          evidence: [
            { seasonId: 138, sectionIndex: 2, rank: 1, fame: 3000 },
            { seasonId: 138, sectionIndex: 1, rank: 10, fame: 2200 },
          ],
        },
      ],
      belowFame: [{ tag: '#L', name: '<c2>Low</c>', role: 'member', evidence: { fame: 1500, minimum: 2000 } }],
      missedAttacks: [{ tag: '#L', name: '<c2>Low</c>', role: 'member', evidence: { missed: 6, limit: 5, days: [] } }],
    };
    expect(warSummaryMessage(report, 'Season 138 · Week 3').content).toBe(
      [
        '**War summary · Season 138 · Week 3**',
        '',
        '**Promotion candidates** (1)',
        '- @\u200beveryone: ranks #1, #10',
        '',
        '**At risk** (1)',
        '- Low: 1,500 fame (minimum 2,000); 6 missed attacks',
      ].join('\n'),
    );
  });

  it('says so when nobody is on a list', () => {
    const text = warSummaryMessage({ ...empty, notWholeWar: [] }, 'W').content;
    expect(text).toContain('**Promotion candidates** (0)\nNobody this week.');
    expect(text).toContain('**At risk** (0)\nNobody this week.');
  });
});
