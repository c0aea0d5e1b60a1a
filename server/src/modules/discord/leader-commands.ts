import type { AppContext } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import type { AbsencesService } from '../members/absences.service.js';
import { approvedBetween } from '../members/absences.repository.js';
import { utcDate } from '../members/excused.js';
import { periodIndexOf, periodStartDate } from '../war/calendar.js';
import { discordName } from '../war/discord-text.js';
import type { BattleDay } from '../war/types.js';
import { findDayReport, newestReportedWeekOfDay } from '../war/war-day-report.repository.js';
import { BUTTON } from './commands.js';
import { inactiveText } from './inactive-text.js';
import { coveredDaysText } from '../members/absence-days.js';
import { predictReset } from '../reminders/reminders.service.js';
import { absenceLine } from './me-text.js';
import type { RunOutcome } from './ports.js';
import { buttons, type Row } from './replies.js';
import { newestReportedDay } from './reports.repository.js';
import { tagOf } from './link.service.js';
import { clanHeading } from './clan-choice.js';
import { ownLinks, proveFirst } from './own-links.js';
import type { FamilyClan } from '#server/modules/family/clans.repository';

export interface LeaderCommandDeps {
  ctx: Pick<AppContext, 'db' | 'clock' | 'clans'>;
  absences: AbsencesService;
  /** a manual war-reminders run of one clan, as the admin's Run button starts it */
  runReminders: (clanTag: string) => Promise<RunOutcome>;
}

export interface AwayRequest {
  callerId: string;
  leader: boolean;
  from: string;
  to: string;
  reason: string | null;
  memberId: string | null;
  tag: string | null;
}

/** Buttons fit five rows: the first five pending absences get Approve/Reject. */
const BUTTON_ROWS = 5;

/** Who asked for an absence, as leaders see it: the Discord user's mention (replies never ping) or the admin. */
export function askedBy(requestedBy: string): string {
  const id = requestedBy.startsWith('discord:') ? requestedBy.slice('discord:'.length) : null;
  if (id === null) return 'the admin';
  return /^\d{17,20}$/.test(id) ? `<@${id}>` : discordName(id);
}

/** /inactive, /remind, /away and /absences (docs/discord.md); the caller's role is checked before these. */
export function createLeaderCommands(deps: LeaderCommandDeps) {
  const db = deps.ctx.db.kysely;

  /** The player an /away is for: a leader names anyone; a member only a player proven theirs (own-links.ts). */
  async function targetTag(r: AwayRequest): Promise<{ tag: string } | { problem: string }> {
    const whose = r.memberId ?? r.callerId;
    if (whose !== r.callerId && !r.leader) return { problem: 'Only leaders can excuse another member.' };
    const { proven, unproven } = await ownLinks(db, whose, deps.ctx.clock.now());
    if (r.tag !== null) {
      const tag = tagOf(r.tag);
      if (!tag) return { problem: `${discordName(r.tag)} is not a player tag such as #2PQ8L0C.` };
      if (r.leader || proven.some((l) => l.tag === tag)) return { tag };
      return { problem: unproven.includes(tag) ? proveFirst([tag]) : 'Only leaders can excuse another member.' };
    }
    const who = whose === r.callerId ? 'You have' : 'That member has';
    if (proven.length === 0) {
      if (whose === r.callerId && unproven.length > 0) return { problem: proveFirst(unproven) };
      return { problem: `${who} no linked player: give the player tag too.` };
    }
    if (proven.length > 1) {
      return { problem: `${who} several players linked (${proven.map((l) => l.tag).join(', ')}): give the tag too.` };
    }
    return { tag: proven[0]!.tag };
  }

  async function pendingList(): Promise<{ content: string; rows: Row[] }> {
    const pending = await deps.absences.pending();
    if (pending.length === 0) return { content: 'No absence is waiting for approval.', rows: [] };
    const named = await deps.absences.list();
    const name = (tag: string) => named.find((a) => a.playerTag === tag)?.playerName ?? tag;
    const lines = pending
      .slice(0, 20)
      .map(
        (a) =>
          `#${a.id} ${discordName(name(a.playerTag))} (${a.playerTag}): ${absenceLine(a)}, asked by ${askedBy(a.requestedBy)}`,
      );
    const rows = pending
      .slice(0, BUTTON_ROWS)
      .map((a) =>
        buttons(
          { id: `${BUTTON.approveAbsence}${a.id}`, label: `Approve #${a.id}`, style: 'success' },
          { id: `${BUTTON.rejectAbsence}${a.id}`, label: `Reject #${a.id}`, style: 'danger' },
        ),
      );
    return { content: [`Absences waiting for approval (${pending.length}):`, ...lines].join('\n'), rows };
  }

  return {
    /** One clan's stored report of battle day `day` of the newest reported week, or its newest reported day. */
    async inactive(day: BattleDay | null, clan: FamilyClan): Promise<string> {
      const clanTag = clan.tag;
      const heading = clanHeading(deps.ctx, clan);
      const key = day === null ? await newestReportedDay(db, clanTag) : await newestReportedWeekOfDay(db, clanTag, day);
      if (!key)
        return `${heading}${day === null ? 'No battle day has been reported yet.' : `Battle day ${day} has not been reported yet.`}`;
      const stored = await findDayReport(db, clanTag, key);
      if (!stored) return `${heading}Battle day ${key.day} has not been reported yet.`;
      const date = utcDate(periodStartDate(key.seasonId, periodIndexOf(key.sectionIndex, key.day)));
      const excused = new Map((await approvedBetween(db, date, date)).map((a) => [a.playerTag, a.reason ?? '']));
      return (
        heading +
        inactiveText({
          title: stored.title,
          raceFinished: stored.report.raceFinished,
          players: stored.report.players,
          excused,
        })
      );
    },

    async remind(clan: FamilyClan): Promise<string> {
      try {
        const run = await deps.runReminders(clan.tag);
        const heading = clanHeading(deps.ctx, clan);
        return run.status === 'completed'
          ? `${heading}Reminder run done: ${run.message}`
          : `${heading}Reminder run ${run.status}: ${run.message}`;
      } catch (err) {
        if (err instanceof AppError) return err.message;
        throw err;
      }
    },

    async away(r: AwayRequest): Promise<string> {
      const target = await targetTag(r);
      if ('problem' in target) return target.problem;
      try {
        const a = await deps.absences.add(
          { playerTag: target.tag, from: r.from, to: r.to, reason: r.reason },
          { requestedBy: `discord:${r.callerId}`, approvedBy: r.leader ? `discord:${r.callerId}` : null },
        );
        const who = `${a.playerName ? `${discordName(a.playerName)} ` : ''}(${a.playerTag})`;
        const resetTime = await resetTimeOfDay(db, deps.ctx.clans.main.tag, deps.ctx.clock.now());
        const covered = coveredDaysText(a.startsOn, a.endsOn, resetTime, a.status === 'approved');
        return a.status === 'approved'
          ? `Approved: ${who} is excused ${absenceLine(a)}. ${covered}`
          : `Asked: ${who} away ${absenceLine(a)}. ${covered} A leader approves it with \`/absences\` or in the admin panel (absence #${a.id}).`;
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 400) return err.message;
        throw err;
      }
    },

    absences: pendingList,

    /** An Approve or Reject button: the decision, then the refreshed list. */
    async decide(id: number, approve: boolean, leaderId: string): Promise<{ content: string; rows: Row[] }> {
      let outcome: string;
      try {
        const a = await deps.absences.decide(id, approve ? 'approved' : 'rejected', `discord:${leaderId}`);
        outcome = `${approve ? 'Approved' : 'Rejected'} #${a.id}: ${a.playerName ? discordName(a.playerName) : a.playerTag} ${absenceLine(a)}.`;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        outcome = err.message;
      }
      const list = await pendingList();
      return { content: `${outcome}\n\n${list.content}`, rows: list.rows };
    },
  };
}

export type LeaderCommands = ReturnType<typeof createLeaderCommands>;

/** "09:45": the time of day the clan's resets come at, from the observed ones; null while too few were seen. */
async function resetTimeOfDay(
  db: Parameters<typeof predictReset>[0],
  clanTag: string,
  now: Date,
): Promise<string | null> {
  const prediction = await predictReset(db, clanTag, now);
  return prediction ? prediction.at.toISOString().slice(11, 16) : null;
}
