import { describe, expect, it } from 'vitest';
import type { DeckReport } from '#server/modules/war/deck-report';
import { inactivePlayersMessage, monthlyTopMessage, riverRaceWeekMessage } from '#server/modules/war/discord-messages';
import { discordName, plainName } from '#server/modules/war/discord-text';
import { toWebhookPayloads } from '#server/clients/discord/payload';
import { rankByFame } from '#server/modules/war/monthly';
import { fixtureLogWeeks } from '../../helpers/cr-fixtures.js';

describe('player names in Discord', () => {
  it.each([
    ['<c2>Red</c> King', 'Red King'],
    ['<c7>  </c>', '(no name)'],
    ['Ｓｈａｆｉｔｈ Ｎｉｈａｌ♥️', 'Ｓｈａｆｉｔｈ Ｎｉｈａｌ♥️'],
  ])('plain text of %s is %s', (raw, plain) => {
    expect(plainName(raw)).toBe(plain);
  });

  it.each([
    ['@everyone', '@\u200beveryone'],
    ['**bold**_x_', '\\*\\*bold\\*\\*\\_x\\_'],
    ['<@123456>', '\\<@\u200b123456\\>'],
    ['`code` ~~s~~ ||spoiler||', '\\`code\\` \\~\\~s\\~\\~ \\|\\|spoiler\\|\\|'],
  ])('%s is shown as text without formatting or pings', (raw, safe) => {
    expect(discordName(raw)).toBe(safe);
  });
});

const report: DeckReport = {
  seasonId: 133,
  sectionIndex: 3,
  day: 2,
  raceFinished: false,
  complete: false,
  players: [
    { tag: '#A', name: '@here', decksUsed: 0, maxDecksUsed: 0, status: 'inactive' },
    { tag: '#B', name: 'Half', decksUsed: 2, maxDecksUsed: 2, status: 'inactive' },
    { tag: '#C', name: 'Three', decksUsed: 3, maxDecksUsed: 3, status: 'inactive' },
    { tag: '#D', name: 'Done', decksUsed: 4, maxDecksUsed: 4, status: 'ok' },
    { tag: '#E', name: 'Newbie', decksUsed: 1, maxDecksUsed: 1, status: 'joined-during-day' },
    { tag: '#F', name: 'Maybe', decksUsed: 1, maxDecksUsed: 4, status: 'uncertain' },
  ],
};

describe('inactive-players message', () => {
  const { content } = inactivePlayersMessage(report, 'Season 133 · Week 4 · Battle day 2 · Jun 26, 2026');

  it('groups players by decks used, with joiners and uncertain players apart', () => {
    expect(content).toBe(
      [
        '**Inactive players · Season 133 · Week 4 · Battle day 2 · Jun 26, 2026**',
        '',
        '**0/4 decks** (1)',
        '- @\u200bhere (#A)',
        '',
        '**2/4 decks** (1)',
        '- Half (#B)',
        '',
        '**3/4 decks** (1)',
        '- Three (#C)',
        '',
        '**Joined during the day** (1, not counted as inactive)',
        '- Newbie (#E): 1/4',
        '',
        '**Uncertain** (1, a snapshot of the day is missing)',
        '- Maybe (#F): between 1/4 and 4/4',
      ].join('\n'),
    );
  });

  it('says so when everyone played', () => {
    const allOk = { ...report, complete: true, players: [report.players[3]!] };
    expect(inactivePlayersMessage(allOk, 'Day').content).toBe(
      '**Inactive players · Day**\nEvery member used all 4 decks.',
    );
  });

  it('never says everyone played beside uncertain players', () => {
    const onlyUncertain = { ...report, players: [report.players[3]!, report.players[5]!] };
    const { content } = inactivePlayersMessage(onlyUncertain, 'Day');
    expect(content).not.toMatch(/Every member used all 4 decks/);
    expect(content).toMatch(/No member is known to have missed decks/);
    expect(content).toMatch(/Maybe \(#F\): between 1\/4 and 4\/4/);
  });

  it('lists a count a missing snapshot leaves open as a range, apart from exact counts', () => {
    const ranged = {
      ...report,
      players: [{ tag: '#R', name: 'Ranged', decksUsed: 0, maxDecksUsed: 1, status: 'inactive' as const }],
    };
    const { content } = inactivePlayersMessage(ranged, 'Day');
    expect(content).not.toMatch(/\*\*0\/4 decks\*\*/);
    expect(content).toMatch(/\*\*Fewer than 4 decks\*\* \(1, exact count unknown/);
    expect(content).toMatch(/- Ranged \(#R\): 0–1\/4/);
  });

  it('blames nobody on a day that began after the clan finished the race', () => {
    const { content } = inactivePlayersMessage({ ...report, raceFinished: true }, 'Day');
    expect(content).toBe(
      '**Inactive players · Day**\nThe clan had already crossed the finish line before this day began: nobody is counted as inactive.',
    );
  });

  it('says a replay is a replay', () => {
    expect(inactivePlayersMessage(report, 'Day', { replay: true }).content.split('\n')[0]).toBe(
      '**Replay · Inactive players · Day**',
    );
  });

  it('repeats its header on every part when Discord splits a long report', () => {
    const many = {
      ...report,
      players: Array.from({ length: 50 }, (_, i) => ({
        tag: `#P${String(i).padStart(2, '0')}QQQQQQ`,
        name: `A player with a rather long name ${i}`,
        decksUsed: i % 4,
        maxDecksUsed: i % 4,
        status: 'inactive' as const,
      })),
    };
    const message = inactivePlayersMessage(many, 'Season 137 · Week 3 · Battle day 2 · Nov 20, 2026');
    const parts = toWebhookPayloads(message);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(part.content!.length).toBeLessThanOrEqual(2000);
      expect(part.content!.split('\n')[0]).toMatch(
        /^\*\*Inactive players · Season 137 · Week 3 · Battle day 2 · Nov 20, 2026\*\*/,
      );
    }
    // every player is in exactly one part
    const text = parts.map((p) => p.content).join('\n');
    for (const p of many.players) expect(text.split(`(${p.tag})`).length - 1).toBe(1);
  });
});

describe('monthly top 20 message', () => {
  it('shows shared ranks for ties', () => {
    const ranked = rankByFame([
      { playerTag: '#A', playerName: 'Ann', fameEarned: 12000 },
      { playerTag: '#B', playerName: 'Bob', fameEarned: 9000 },
      { playerTag: '#C', playerName: 'Cy', fameEarned: 9000 },
      { playerTag: '#D', playerName: 'Di', fameEarned: 800 },
    ]);
    expect(monthlyTopMessage(2026, 6, ranked).content).toBe(
      [
        '**Top war fame · June 2026**',
        '1. Ann: 12,000 fame',
        '2. Bob: 9,000 fame',
        '2. Cy: 9,000 fame',
        '4. Di: 800 fame',
      ].join('\n'),
    );
  });
});

describe('river race week summary', () => {
  it('summarises the recorded week 133/3', () => {
    const w = fixtureLogWeeks()[0]!;
    const { content } = riverRaceWeekMessage({
      title: 'Season 133 · Week 4 · Jun 22–29, 2026',
      clanRank: w.clanRank,
      trophyChange: w.trophyChange,
      clanFame: w.clanFame,
      participants: w.participants,
    });
    const lines = content.split('\n');
    expect(lines[0]).toBe('**River race · Season 133 · Week 4 · Jun 22–29, 2026**');
    expect(lines[1]).toBe('Rank 1 · +20 war trophies · 10,000 clan fame');
    const played = w.participants.filter((p) => p.decksUsed > 0);
    expect(lines[2]).toBe(`${played.length} players used ${played.reduce((n, p) => n + p.decksUsed, 0)} decks.`);
    expect(lines.filter((l) => /^\d\. /.test(l))).toHaveLength(5);
  });
});
