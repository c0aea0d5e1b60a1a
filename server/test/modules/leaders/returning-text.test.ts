import { describe, expect, it } from 'vitest';
import { returningAlertText, type PastNote } from '#server/modules/leaders/returning-text';

/** The returning member's announcement (docs/leaders-memory.md), its words written out by hand. */
const NOW = new Date('2026-12-10T12:00:00.000Z');
const event = {
  playerTag: '#P2Y',
  name: 'Bravo',
  clanTag: '#2PQ8L0C',
  detail: {
    lastClanTag: '#8QJ2YLUC',
    lastJoinedAt: '2026-09-01T10:00:00.000Z',
    lastLeftAt: '2026-11-02T23:30:00.000Z',
  },
};
const note = (kind: PastNote['kind'], reason: string, createdAt: string, expiresAt: string | null = null) => ({
  kind,
  reason,
  createdAt,
  expiresAt,
});

describe('returningAlertText', () => {
  it('names the last stint, the strikes still counting (oldest first) and every note; an expired strike is left out', () => {
    const text = returningAlertText(
      event,
      [
        note('strike', 'no decks on Sunday', '2026-11-25T09:00:00.000Z', '2026-12-25T09:00:00.000Z'),
        note('note', 'plays from Brazil', '2026-10-01T08:00:00.000Z'),
        note('strike', 'left mid-war', '2026-11-01T09:00:00.000Z', '2026-12-01T09:00:00.000Z'),
        note('strike', 'rude in chat', '2026-11-20T09:00:00.000Z', '2026-12-20T09:00:00.000Z'),
      ],
      NOW,
    );
    expect(text.subject).toBe('Former member Bravo (#P2Y) returned to #2PQ8L0C');
    expect(text.message).toBe(
      'Bravo (#P2Y) returned to #2PQ8L0C. Last stint: #8QJ2YLUC 2026-09-01 to 2026-11-02. ' +
        'Active strikes (2): rude in chat (2026-11-20); no decks on Sunday (2026-11-25). ' +
        'Notes (1): plays from Brazil (2026-10-01).',
    );
  });

  it('says so when there is neither an active strike nor a note', () => {
    const expired = note('strike', 'old', '2026-10-01T00:00:00.000Z', '2026-10-31T00:00:00.000Z');
    expect(returningAlertText(event, [expired], NOW).message).toBe(
      'Bravo (#P2Y) returned to #2PQ8L0C. Last stint: #8QJ2YLUC 2026-09-01 to 2026-11-02. No active strike. No note.',
    );
  });
});
