import type { AppContext } from '../../app-context.js';
import { listCurrentRoster } from '../war/roster.repository.js';
import { claimLink, proveClaim, upsertLink } from '../reminders/discord-links.repository.js';
import { deleteClaims } from '../reminders/discord-link-claims.repository.js';
import { setReminderMode } from '../reminders/discord-members.repository.js';
import { insertAbsence } from './absences.repository.js';
import { utcDate } from './excused.js';

type DbHandle = AppContext['db']['kysely'];

const DAY = 86_400_000;
/** Made-up Discord user ids for the demo's members. */
const DEMO_USERS = ['100000000000000001', '100000000000000002', '100000000000000003', '100000000000000004'];

/**
 * The demo's members in Discord (docs/discord.md): two links proven in the game, one confirmed by
 * the leader, one still claimed, one member who chose direct messages; a member excused for last
 * week's battle days (approved, seeded before the replay by `seedDemoExcuse` so last week's reports
 * list them as excused) and one asking for days ahead (pending). `excusedTag` is that member.
 */
export async function seedDemoMembers(
  db: DbHandle,
  clanTag: string,
  now: Date,
  excusedTag: string | null,
): Promise<void> {
  const roster = (await listCurrentRoster(db, clanTag)).sort((a, b) => a.name.localeCompare(b.name));
  const [a, b, c, d] = roster.filter((m) => m.tag !== excusedTag);
  if (!a || !b || !c || !d) return;
  const challenge = {
    favourite: { id: 26000021, name: 'Hog Rider' },
    deckCard: { id: 28000011, name: 'The Log' },
    expiresAt: new Date(now.getTime() - DAY + 15 * 60_000),
    checkableAt: new Date(now.getTime() - DAY + 60_000),
  };
  const claimedAt = new Date(now.getTime() - DAY);
  for (const [member, user] of [
    [a, DEMO_USERS[0]!],
    [b, DEMO_USERS[1]!],
  ] as const) {
    await claimLink(db, member.tag, user, challenge, claimedAt);
    await proveClaim(db, member.tag, user, new Date(claimedAt.getTime() + 5 * 60_000));
  }
  await upsertLink(db, c.tag, DEMO_USERS[2]!, claimedAt);
  // a claim whose check ran out: the admin can confirm it
  await claimLink(db, d.tag, DEMO_USERS[3]!, challenge, claimedAt);
  await deleteClaims(db, d.tag);
  await setReminderMode(db, DEMO_USERS[1]!, 'dm', claimedAt);

  if (!excusedTag) await seedDemoExcuse(db, now, d.tag);
  await insertAbsence(
    db,
    {
      playerTag: a.tag,
      startsOn: utcDate(new Date(now.getTime() + 3 * DAY)),
      endsOn: utcDate(new Date(now.getTime() + 5 * DAY)),
      reason: 'exams',
      status: 'pending',
      requestedBy: `discord:${DEMO_USERS[0]}`,
      decidedBy: null,
    },
    now,
  );
}

/**
 * A member who never plays, excused for the battle days (Thursday to Sunday) of the week before the
 * current one, for a holiday: seeded before the demo's past is replayed, so its reports show the
 * excuse (docs/decisions/081-excused-absences.md).
 */
export async function seedDemoExcuse(db: DbHandle, now: Date, tag: string): Promise<void> {
  const thursday = new Date(now.getTime() - (((now.getUTCDay() + 3) % 7) + 7) * DAY);
  await insertAbsence(
    db,
    {
      playerTag: tag,
      startsOn: utcDate(thursday),
      endsOn: utcDate(new Date(thursday.getTime() + 3 * DAY)),
      reason: 'holiday',
      status: 'approved',
      // the member has no Discord link: a leader set it in the admin panel
      requestedBy: 'admin',
      decidedBy: 'admin',
    },
    new Date(thursday.getTime() - 2 * DAY),
  );
}
