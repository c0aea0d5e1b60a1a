import type { AbsenceView } from '#contracts/admin-members';
import type { AppContext } from '../../app-context.js';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import { normaliseClanTag } from '../../lib/clan-tag.js';
import {
  approvedBetween,
  decideAbsence,
  findAbsence,
  insertAbsence,
  listAbsences,
  playerNames,
} from './absences.repository.js';
import { checkAbsenceDates, utcDate, type Absence, type AbsenceStatus } from './excused.js';
import { readClanSetting, writeClanSetting } from '../settings/clan-settings.repository.js';

/** The clan setting that makes reasons public on member pages (docs/decisions/116-absence-reasons-private.md). */
const REASONS_SETTING = 'absence-reasons';

/** How far back the admin list and /me show ended absences. */
const SHOWN_AFTER_END_DAYS = 28;

export interface NewAbsence {
  playerTag: string;
  from: string;
  to: string;
  reason: string | null;
}

/**
 * Excused absences (docs/decisions/081-excused-absences.md): asked by a member in Discord
 * (pending) or set by a leader there or in the admin panel (approved at once), decided once.
 */
export function createAbsencesService(ctx: Pick<AppContext, 'db' | 'clock'>) {
  const db = ctx.db.kysely;
  const today = () => utcDate(ctx.clock.now());
  const since = () => utcDate(new Date(ctx.clock.now().getTime() - SHOWN_AFTER_END_DAYS * 86_400_000));
  const withNames = async (absences: Absence[]): Promise<AbsenceView[]> => {
    const names = await playerNames(db, [...new Set(absences.map((a) => a.playerTag))]);
    return absences.map((a) => ({ ...a, playerName: names.get(a.playerTag) ?? null }));
  };
  const approvedOf = (tag: string): Promise<Absence[]> =>
    listAbsences(db, { statuses: ['approved'], playerTags: [tag] });
  const reasonsPublic = async (clanTag: string): Promise<boolean> =>
    (await readClanSetting(db, clanTag, REASONS_SETTING)) === 'public';
  return {
    /** Approved absences overlapping [fromDate, toDate] (YYYY-MM-DD, inclusive), for the inactive report and war rules. */
    approvedAbsencesBetween: (fromDate: string, toDate: string): Promise<Absence[]> =>
      approvedBetween(db, fromDate, toDate),

    /** Pending and approved absences that have not ended more than four weeks ago (the admin list). */
    async list(): Promise<AbsenceView[]> {
      return withNames(await listAbsences(db, { statuses: ['pending', 'approved'], endsOnOrAfter: since() }));
    },

    /** One player's (or several players') pending and approved absences, recent and coming. */
    forPlayers: (tags: readonly string[]): Promise<Absence[]> =>
      listAbsences(db, { statuses: ['pending', 'approved'], endsOnOrAfter: since(), playerTags: tags }),

    pending: (): Promise<Absence[]> => listAbsences(db, { statuses: ['pending'] }),

    /** Every approved absence of one player, for their member page. */
    approvedOf,

    /** Reasons show on public member pages only when the player's clan chose so; private by default. */
    reasonsPublic,
    setReasonsPublic: (clanTag: string, value: boolean): Promise<void> =>
      writeClanSetting(db, clanTag, REASONS_SETTING, value ? 'public' : 'private'),

    /** A player's approved absences as anyone may read them: the reason only when `clanTag` made reasons public. */
    async publicOf(
      tag: string,
      clanTag: string,
    ): Promise<{ startsOn: string; endsOn: string; reason: string | null }[]> {
      const [absences, open] = await Promise.all([approvedOf(tag), reasonsPublic(clanTag)]);
      return absences.map((a) => ({ startsOn: a.startsOn, endsOn: a.endsOn, reason: open ? a.reason : null }));
    },

    /** Stores an absence: approved at once when a leader sets it, pending when a member asks. */
    async add(input: NewAbsence, by: { requestedBy: string; approvedBy: string | null }): Promise<AbsenceView> {
      const tag = normaliseClanTag(input.playerTag);
      if (!tag) throw badRequest('That is not a player tag such as #2PQ8L0C.', 'INVALID_TAG');
      const dates = checkAbsenceDates(input.from, input.to, today());
      if (!dates.ok) throw badRequest(dates.problem, 'INVALID_DATES');
      const saved = await insertAbsence(
        db,
        {
          playerTag: tag,
          startsOn: dates.startsOn,
          endsOn: dates.endsOn,
          reason: input.reason?.trim().slice(0, 200) || null,
          status: by.approvedBy ? 'approved' : 'pending',
          requestedBy: by.requestedBy,
          decidedBy: by.approvedBy,
        },
        ctx.clock.now(),
      );
      return (await withNames([saved]))[0]!;
    },

    /** Approves or rejects a pending absence: 404 when unknown, 409 when it was already decided. */
    async decide(id: number, status: Exclude<AbsenceStatus, 'pending'>, decidedBy: string): Promise<AbsenceView> {
      const found = await findAbsence(db, id);
      if (!found) throw notFound(`There is no absence #${id}.`);
      if (!(await decideAbsence(db, id, status, decidedBy, ctx.clock.now()))) {
        throw new AppError(409, 'ALREADY_DECIDED', `Absence #${id} was already ${found.status}.`);
      }
      return (await withNames([(await findAbsence(db, id))!]))[0]!;
    },
  };
}

export type AbsencesService = ReturnType<typeof createAbsencesService>;
