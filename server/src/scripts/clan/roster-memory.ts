import type { DbHandle } from '../../db/handle.js';
import { insertAlert } from '../../modules/alerts/alerts.repository.js';
import { observeRoster, type ObservedMember } from '../../modules/war/roster.repository.js';
import { listMemberStints } from '../../modules/members/member-stints.repository.js';
import {
  insertLogEvents,
  latestEndedStints,
  movesInto,
  postsLog,
  rosterRows,
  takeUnposted,
} from '../../modules/leaders/clan-log.repository.js';
import { logMessages, watchAlertText, type PastRecord } from '../../modules/leaders/log-text.js';
import { notesWhere } from '../../modules/leaders/notes.repository.js';
import { returningAlertText } from '../../modules/leaders/returning-text.js';
import { rosterEvents, type LogEvent } from '../../modules/leaders/roster-events.js';
import { isActive } from '../../modules/leaders/strikes.js';
import { claimWatchAlert, listWatch } from '../../modules/leaders/watch-list.repository.js';
import { insertOutboxMessage } from '../outbox.repository.js';
import type { DiscordMessage } from '../../clients/discord/payload.js';

const ARRIVALS = new Set(['joined', 'returned', 'moved']);

/**
 * The roster observed with the leaders' memory (docs/leaders-memory.md), in the poll's transaction: the changes kept
 * in the clan log, the clan's new ones posted to its log channel as one message (when it has one), and a watched player's
 * arrival alerted to leaders once (the log channel, else the outbox, and the system card), and a former member's return
 * announced (the log channel; the system card when leaders wrote of them).
 */
export async function observeRosterWithMemory(
  db: DbHandle,
  clanTag: string,
  members: readonly ObservedMember[],
  now: Date,
): Promise<void> {
  const before = await rosterRows(db, clanTag);
  const seen = await observeRoster(db, clanTag, members, now);
  const moved = await movesInto(db, clanTag, seen.moved, now);
  const returning = seen.joined.filter((t) => !moved.has(t));
  const earlier = await latestEndedStints(db, returning, now);
  const events = rosterEvents({
    clanTag,
    at: now,
    before,
    members,
    joined: seen.joined,
    left: seen.left,
    moved,
    earlier,
  });
  const kept = await insertLogEvents(db, events);
  await postLog(db, clanTag, now);
  const arrivals = kept.filter((e) => e.clanTag === clanTag && ARRIVALS.has(e.kind));
  await alertWatched(db, arrivals, now);
  await announceReturns(
    db,
    arrivals.filter((e) => e.kind === 'returned'),
    now,
  );
}

async function queue(db: DbHandle, clanTag: string, message: DiscordMessage, deliverable: boolean, now: Date) {
  const { destination, ...rest } = message;
  await insertOutboxMessage(db, {
    runId: null,
    scriptId: null,
    clanTag,
    payload: JSON.stringify(rest),
    status: deliverable ? 'pending' : 'outbox',
    destination: destination ?? 'log',
    now,
  });
}

/** The clan's events no poll posted yet (a move's 'left' the other clan's poll logged too), one message. */
async function postLog(db: DbHandle, clanTag: string, now: Date): Promise<void> {
  const events = await takeUnposted(db, clanTag);
  if (events.length === 0 || !(await postsLog(db, clanTag))) return;
  const returned = events.filter((e) => e.kind === 'returned').map((e) => e.playerTag);
  const past = new Map<string, PastRecord>();
  for (const n of await notesWhere(db, { playerTags: returned })) {
    const p = past.get(n.playerTag) ?? { strikes: 0, notes: 0 };
    if (n.kind === 'note') p.notes++;
    else if (isActive(n, now)) p.strikes++;
    past.set(n.playerTag, p);
  }
  for (const message of logMessages(events, past).values()) await queue(db, clanTag, message, true, now);
}

/**
 * A former member's return, announced to leaders once (the log row is kept once): their last stint, active strikes and
 * notes, as a message of its own in the clan's log channel when it has one (without one, nothing is queued: a hop back
 * into the clan is routine, and the clan log keeps it), and on the system card when leaders wrote something of them
 * (an active strike or a note).
 */
async function announceReturns(db: DbHandle, returns: readonly LogEvent[], now: Date): Promise<void> {
  if (returns.length === 0) return;
  const notes = await notesWhere(db, { playerTags: returns.map((e) => e.playerTag) });
  for (const e of returns) {
    const theirs = notes.filter((n) => n.playerTag === e.playerTag);
    const text = returningAlertText(e, theirs, now);
    if (await postsLog(db, e.clanTag))
      await queue(db, e.clanTag, { content: `**${text.subject}**\n${text.message}`, destination: 'log' }, true, now);
    if (theirs.some((n) => n.kind === 'note' || isActive(n, now)))
      await insertAlert(db, {
        kind: 'returning-member',
        subject: text.subject,
        message: text.message,
        runId: null,
        now,
      });
  }
}

async function alertWatched(db: DbHandle, arrivals: readonly LogEvent[], now: Date): Promise<void> {
  const watched = await listWatch(
    db,
    arrivals.map((e) => e.playerTag),
  );
  for (const w of watched) {
    const e = arrivals.find((a) => a.playerTag === w.playerTag)!;
    if (!(await claimWatchAlert(db, w.playerTag, `${e.clanTag} ${now.toISOString()}`))) continue;
    const stints = (await listMemberStints(db, w.playerTag)).map((s) => ({
      clanTag: s.clanTag,
      joinedAt: s.firstSeenAt.toISOString(),
      leftAt: s.leftAt?.toISOString() ?? null,
    }));
    const text = watchAlertText({ playerTag: w.playerTag, name: e.name, clanTag: e.clanTag, reason: w.reason, stints });
    await queue(
      db,
      e.clanTag,
      { content: `**${text.subject}**\n${text.message}`, destination: 'log' },
      await postsLog(db, e.clanTag),
      now,
    );
    await insertAlert(db, { kind: 'watch-list', subject: text.subject, message: text.message, runId: null, now });
  }
}
