import type { WarRemindersResult } from '#contracts/admin-scripts';
import { reminderTargets } from '../../modules/reminders/discord-links.repository.js';
import { predictReset } from '../../modules/reminders/reminders.service.js';
import { formatSpan } from '../../modules/reminders/reminder-times.js';
import { battleDayOf } from '../../modules/war/calendar.js';
import { decksLeftToday } from '../../modules/war/decks-left.js';
import { plainName } from '../../modules/war/discord-text.js';
import { directReminderMessage, warReminderMessage } from '../../modules/war/reminder-message.js';
import type { ScriptOutcome, ScriptRunContext } from '../types.js';
import { latestSnapshot } from '../../modules/war/war-state.repository.js';
import { pollWar, recordPoll, warSource } from './war-data.js';
import { projectionLineFor } from '../../modules/war/projection/projection-line.service.js';

const NOTHING: Record<NonNullable<WarRemindersResult['nothingToSend']>, string> = {
  'training-day': 'Nothing to send: today is a training day.',
  'race-finished': 'Nothing to send: the clan has already finished this week’s race.',
  'all-decks-used': 'Nothing to send: every member has used all 4 decks today.',
  'day-ended':
    'Nothing to send: the war day this reminder was for had already ended (the reset came earlier than predicted).',
};

const HOUR = 3_600_000;
const SEND_NOW_MS = 60_000;
/** Without a prediction, resets are not seen before about 09:20 UTC (docs/war-tracking.md §1). */
const EARLIEST_RESET_UTC_MS = (9 * 60 + 15) * 60_000;

/** The next 09:15 UTC: the earliest a reset is expected when too few were seen to predict it. */
function nextResetWindow(now: Date): Date {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const today = day + EARLIEST_RESET_UTC_MS;
  return new Date(now.getTime() < today ? today : today + 24 * HOUR);
}

/**
 * war-reminders (docs/reminders.md): a fresh poll of the current river race, then the members
 * with decks left today, grouped by decks used, posted to Discord. On a training day, after the
 * clan finished the race, or when everyone is done, the run completes with nothing to send.
 */
export async function runWarReminders(ctx: ScriptRunContext): Promise<ScriptOutcome<WarRemindersResult>> {
  const db = ctx.app.db;
  const expected = ctx.scheduledFor ? await predictReset(db.kysely, ctx.clanTag, ctx.scheduledFor) : null;
  const poll = await pollWar(warSource(ctx));
  await recordPoll(db, ctx.clanTag, poll);
  const now = ctx.clock.now();
  const prediction = await predictReset(db.kysely, ctx.clanTag, now);
  // the poll showed the reset the reminder counted down to: that day is over, the next just began
  const dayEnded =
    expected !== null && prediction !== null && prediction.at.getTime() - expected.at.getTime() > 12 * HOUR;
  const { snapshot } = poll;
  const roster = poll.members.map((m) => ({ tag: m.tag, name: m.name }));
  const family = ctx.app.clans
    .active()
    .map((c) => c.tag)
    .filter((tag) => tag !== ctx.clanTag);
  const elsewhere = (await Promise.all(family.map((tag) => latestSnapshot(db.kysely, tag)))).filter((s) => s !== null);
  const left = decksLeftToday(snapshot, roster, elsewhere);
  const day = battleDayOf(snapshot.periodIndex);
  const base = {
    day,
    predictedReset: prediction?.at.toISOString() ?? null,
    marginMs: prediction?.margin ?? null,
  };
  const polled =
    `Polled the river race: season ${snapshot.seasonId}, week ` +
    `${snapshot.sectionIndex + 1}, period ${snapshot.periodIndex} (${snapshot.periodType}).`;
  const predicted = prediction
    ? `Reset predicted at ${prediction.at.toISOString().slice(0, 16).replace('T', ' ')} ` +
      `UTC ± ${formatSpan(prediction.margin)} (from ${prediction.basis} observed resets).`
    : 'Too few resets observed yet to predict the next one.';
  if (!left || dayEnded) {
    const reason = dayEnded
      ? 'day-ended'
      : day === null
        ? 'training-day'
        : snapshot.finishTime !== null
          ? 'race-finished'
          : 'all-decks-used';
    return {
      result: { ...base, players: [], nothingToSend: reason },
      message: NOTHING[reason],
      outputs: [polled, predicted],
      dataProcessed: roster.length,
    };
  }
  const players = left.groups.flatMap((g) => g.players.map((p) => ({ ...p, decksUsed: g.used })));
  const reset = prediction ? { at: prediction.at, margin: prediction.margin } : null;
  // each linked member's choice (docs/reminders.md): a channel mention, a direct message, or only their name
  const targets = await reminderTargets(db.kysely);
  const links = new Map([...targets].filter(([, t]) => t.mode === 'channel').map(([tag, t]) => [tag, t.discordUserId]));
  const byDirectMessage = new Set([...targets].filter(([, t]) => t.mode === 'dm').map(([tag]) => tag));
  const members = poll.members.map((m) => m.tag);
  const projection = await projectionLineFor(db.kysely, ctx.clanTag, poll.race, members, now);
  const channel = warReminderMessage({ left, links, byDirectMessage, reset, now, projection });
  const direct = players
    .filter((p) => byDirectMessage.has(p.tag))
    .map((p) =>
      directReminderMessage({ player: p, day: left.day, discordUserId: targets.get(p.tag)!.discordUserId, reset, now }),
    );
  // a reminder not delivered before the reset it counts down to is dropped, never sent late (docs/reminders.md): by
  // the earliest the reset may come, or a minute from now when the run is already that close (it goes out at once)
  const earliest = reset ? reset.at.getTime() - reset.margin : nextResetWindow(now).getTime();
  const expiresAt = new Date(Math.max(earliest, now.getTime() + SEND_NOW_MS)).toISOString();
  const discord = [channel, ...direct].map((m) => ({ ...m, expiresAt }));
  return {
    result: { ...base, players, nothingToSend: null },
    message:
      `Battle day ${left.day}: reminded ${players.length} ` +
      `member(s) with decks left (${left.groups.map((g) => `${g.used}/4: ${g.players.length}`).join(', ')}).`,
    outputs: [polled, predicted, ...players.map((p) => `${plainName(p.name)} (${p.tag}): ${p.decksUsed}/4`)],
    dataProcessed: roster.length,
    discord,
  };
}
