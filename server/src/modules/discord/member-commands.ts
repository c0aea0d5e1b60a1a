import type { AppContext } from '../../app-context.js';
import type { AbsencesService } from '../members/absences.service.js';
import { predictReset } from '../reminders/reminders.service.js';
import { linksOfUser } from '../reminders/discord-links.repository.js';
import { setReminderMode, type ReminderMode } from '../reminders/discord-members.repository.js';
import { listMemberDays } from '../war/insights/war-insights.repository.js';
import { latestSnapshot } from '../war/war-state.repository.js';
import { playerNames } from '../members/absences.repository.js';
import { meText } from './me-text.js';
import type { GameApi } from './ports.js';
import { warText } from './war-text.js';

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

/** /me, /war and /reminders (docs/discord.md). */
export function createMemberCommands(deps: MemberCommandDeps) {
  const db = deps.ctx.db.kysely;
  return {
    /** Everything from stored rows: fast enough to answer at once. */
    async me(userId: string): Promise<string> {
      const links = await linksOfUser(db, userId);
      if (links.length === 0) return 'You have no linked player yet: run `/link` with your player tag.';
      const now = deps.ctx.clock.now();
      const tags = links.map((l) => l.tag);
      const [snapshot, prediction, names, absences] = await Promise.all([
        latestSnapshot(db, deps.ctx.clans.main.tag),
        predictReset(db, deps.ctx.clans.main.tag, now),
        playerNames(db, tags),
        deps.absences.forPlayers(tags),
      ]);
      const sections = await Promise.all(
        links.map(async (l) => ({
          tag: l.tag,
          name: names.get(l.tag) ?? snapshot?.participants.find((p) => p.tag === l.tag)?.name ?? l.tag,
          linkStatus: l.status,
          days: await listMemberDays(db, deps.ctx.clans.main.tag, l.tag),
          absences: absences.filter((a) => a.playerTag === l.tag),
        })),
      );
      return meText({ sections, snapshot, prediction, now });
    },

    /** A fresh poll of the race and the roster (deferred: two Clash Royale calls). */
    async war(): Promise<string> {
      const clanTag = deps.ctx.config.CLAN_TAG;
      const [race, members] = await Promise.all([
        deps.game.getCurrentRiverRace(clanTag),
        deps.game.getClanMembers(clanTag),
      ]);
      const clans = race.clans.some((c) => c.tag === race.clan.tag) ? race.clans : [race.clan, ...race.clans];
      return warText({ clanTag: race.clan.tag, periodIndex: race.periodIndex, clans, roster: members.items });
    },

    async reminders(userId: string, mode: ReminderMode): Promise<string> {
      await setReminderMode(db, userId, mode, deps.ctx.clock.now());
      const linked = (await linksOfUser(db, userId)).filter((l) => l.status !== 'claimed');
      const note = linked.length === 0 ? ' This applies once your player link is verified (`/link`).' : '';
      return `${MODE_TEXT[mode]}${note}`;
    },
  };
}

export type MemberCommands = ReturnType<typeof createMemberCommands>;
