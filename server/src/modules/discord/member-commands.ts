import type { AppContext } from '../../app-context.js';
import type { AbsencesService } from '../members/absences.service.js';
import { predictReset } from '../reminders/reminders.service.js';
import { linksOfUser } from '../reminders/discord-links.repository.js';
import { noLinkText, ownLinks } from './own-links.js';
import { setReminderMode, type ReminderMode } from '../reminders/discord-members.repository.js';
import { listMemberDays } from '../war/insights/war-insights.repository.js';
import { latestSnapshot } from '../war/war-state.repository.js';
import { playerNames } from '../members/absences.repository.js';
import { clanHeading, clanOfPlayer } from './clan-choice.js';
import { meText, type StoredDay } from './me-text.js';
import type { GameApi } from './ports.js';
import { warText } from './war-text.js';
import { liveProjection } from '../war/projection/live-projection.js';
import { projectionLines } from '../war/projection/projection-text.js';
import { listScoredProjections } from '../war/projection/race-projections.repository.js';
import { RECORD_WEEKS, trackRecord } from '../war/projection/track-record.js';
import { recordText } from '#contracts/race-projection-text';

export interface MemberCommandDeps {
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'clans'>;
  game: Pick<GameApi, 'getCurrentRiverRace' | 'getClanMembers'>;
  absences: AbsencesService;
}

const MODE_TEXT: Record<ReminderMode, string> = {
  dm: 'War reminders will reach you by direct message (allow direct messages from this server’s members).',
  channel: 'War reminders will mention you in the reminder channel.',
  off: 'War reminders will no longer mention or message you.',
};

/**
 * One player's reported days across the family, newest first: a mover keeps one history. On the day of a move both
 * clans reported the player; the row with more decks is kept (the game counts a player's decks, not a clan's).
 */
export async function familyDays(deps: Pick<MemberCommandDeps, 'ctx'>, tag: string): Promise<StoredDay[]> {
  const db = deps.ctx.db.kysely;
  const byDay = new Map<string, StoredDay>();
  for (const clan of deps.ctx.clans.active()) {
    for (const d of await listMemberDays(db, clan.tag, tag)) {
      const key = `${d.seasonId}/${d.sectionIndex}/${d.day}`;
      const kept = byDay.get(key);
      if (!kept || d.decksUsed > kept.decksUsed) byDay.set(key, d);
    }
  }
  return [...byDay.values()].sort(
    (a, b) => b.seasonId - a.seasonId || b.sectionIndex - a.sectionIndex || b.day - a.day,
  );
}

/** /me, /war and /reminders (docs/discord.md). */
export function createMemberCommands(deps: MemberCommandDeps) {
  const db = deps.ctx.db.kysely;
  return {
    /** Everything from stored rows: fast enough to answer at once. Each proven player under the clan they are in now. */
    async me(userId: string): Promise<string> {
      const now = deps.ctx.clock.now();
      const { proven: links, unproven } = await ownLinks(db, userId, now);
      if (links.length === 0) return noLinkText(unproven);
      const tags = links.map((l) => l.tag);
      const [names, absences, clans] = await Promise.all([
        playerNames(db, tags),
        deps.absences.forPlayers(tags),
        Promise.all(tags.map((t) => clanOfPlayer(deps.ctx, t))),
      ]);
      const groups = new Map<string, { clan: (typeof clans)[number]; links: typeof links }>();
      links.forEach((l, i) => {
        const clan = clans[i]!;
        groups.set(clan.tag, { clan, links: [...(groups.get(clan.tag)?.links ?? []), l] });
      });
      const answers = await Promise.all(
        [...groups.values()].map(async ({ clan, links: own }) => {
          const [snapshot, prediction] = await Promise.all([
            latestSnapshot(db, clan.tag),
            predictReset(db, clan.tag, now),
          ]);
          const sections = await Promise.all(
            own.map(async (l) => ({
              tag: l.tag,
              name: names.get(l.tag) ?? snapshot?.participants.find((p) => p.tag === l.tag)?.name ?? null,
              days: await familyDays(deps, l.tag),
              absences: absences.filter((a) => a.playerTag === l.tag),
            })),
          );
          return clanHeading(deps.ctx, clan) + meText({ sections, snapshot, prediction, now });
        }),
      );
      return answers.join('\n\n');
    },

    /** A fresh poll of one clan's race and roster (deferred: two Clash Royale calls). */
    async war(clanTag: string): Promise<string> {
      const [race, members] = await Promise.all([
        deps.game.getCurrentRiverRace(clanTag),
        deps.game.getClanMembers(clanTag),
      ]);
      const clans = race.clans.some((c) => c.tag === race.clan.tag) ? race.clans : [race.clan, ...race.clans];
      const now = deps.ctx.clock.now();
      const roster = members.items.map((m) => m.tag);
      const [projection, scored] = await Promise.all([
        liveProjection(db, race.clan.tag, { ...race, clans }, roster, now),
        listScoredProjections(db, race.clan.tag, RECORD_WEEKS),
      ]);
      const text = warText({ clanTag: race.clan.tag, periodIndex: race.periodIndex, clans, roster: members.items });
      if (!projection) return text;
      const record = recordText(trackRecord(scored), projection.day);
      return `${text}\n${projectionLines(projection, race.clan.tag, record).join('\n')}`;
    },

    async reminders(userId: string, mode: ReminderMode): Promise<string> {
      await setReminderMode(db, userId, mode, deps.ctx.clock.now());
      const linked = await linksOfUser(db, userId, { proven: true });
      const note = linked.length === 0 ? ' This applies once your player link is verified (`/link`).' : '';
      return `${MODE_TEXT[mode]}${note}`;
    },
  };
}

export type MemberCommands = ReturnType<typeof createMemberCommands>;
