import { strikeRuleCaption } from '#contracts/admin-leaders';
import type {
  ClanLogQuery,
  LeaderNoteView,
  LogEntry,
  MemberMemory,
  NoteInput,
  StrikeRulesView,
} from '#contracts/admin-leaders';
import type { AppContext } from '#server/app-context';
import { notFound } from '#server/lib/app-error';
import { normalisePlayerTag } from '#server/lib/clan-tag';
import type { AuditInput } from '#server/modules/audit/audit.service';
import { listMemberStints } from '#server/modules/members/member-stints.repository';
import { listLog, type LogRow } from './clan-log.repository.js';
import { logLine } from './log-text.js';
import { deleteNote, insertNote, notesWhere, type LeaderNote } from './notes.repository.js';
import { playerNames, provenOwner, readStrikeRules, writeStrikeRules } from './strike-rules.repository.js';
import { strikeDm } from './log-text.js';
import { isActive, strikeExpiry, strikeStanding } from './strikes.js';
import { tenureOf } from './tenure.js';
import { logCsv } from './log-csv.js';
import { createWatchList } from './watch-list.service.js';

export interface LeadersDeps {
  ctx: Pick<AppContext, 'db' | 'clock' | 'clans'>;
  audited: (event: AuditInput) => Promise<void>;
  /** tells a player by direct message (the outbox, as the bot); absent: no direct messages */
  tell?: (discordUserId: string, clanTag: string, text: string) => Promise<void>;
}

const LOG_LIMIT = 500;
const entry = (r: LogRow): LogEntry => ({ ...r, text: logLine(r, (name) => name) });

/**
 * The leaders' memory (docs/leaders-memory.md): the clan log, a member's tenure, notes and strikes, the watch list and
 * the strike rules. Every change is audited; nothing here is ever served by a public route.
 */
export function createLeadersService(deps: LeadersDeps) {
  const { clock } = deps.ctx;
  const db = deps.ctx.db.kysely;
  const view = (n: LeaderNote): LeaderNoteView => ({ ...n, active: n.kind === 'strike' && isActive(n, clock.now()) });
  const who = async (tag: string) => {
    const name = (await playerNames(db, [tag])).get(tag);
    return name ? `${name} (${tag})` : tag;
  };
  const tagOf = (input: string) => normalisePlayerTag(input) ?? input;

  return {
    watch: createWatchList(deps, who),
    async log(q: ClanLogQuery, clanTag: string | null): Promise<LogEntry[]> {
      const rows = await listLog(db, {
        ...(clanTag ? { clanTag } : {}),
        ...(q.player ? { playerTag: tagOf(q.player) } : {}),
        ...(q.kind ? { kind: q.kind } : {}),
        limit: LOG_LIMIT,
      });
      return rows.map(entry);
    },
    logCsv: (entries: readonly LogEntry[]) => logCsv(entries),
    async member(input: string, clanTag: string): Promise<MemberMemory> {
      const tag = tagOf(input);
      const now = clock.now();
      const [stints, notes, log, rules, watch] = await Promise.all([
        listMemberStints(db, tag),
        notesWhere(db, { playerTags: [tag] }),
        listLog(db, { playerTag: tag, limit: LOG_LIMIT }),
        readStrikeRules(db, clanTag),
        this.watch.entry(tag),
      ]);
      const spans = stints.map((s) => ({ clanTag: s.clanTag, joinedAt: s.firstSeenAt, leftAt: s.leftAt }));
      const standing = strikeStanding(
        notes.filter((n) => n.kind === 'strike'),
        rules,
        now,
      );
      return {
        playerTag: tag,
        name: stints.at(-1)?.name ?? null,
        tenure: tenureOf(spans, clanTag, now),
        familyTenure: tenureOf(spans, null, now),
        notes: notes.map(view),
        activeStrikes: standing.active.length,
        atRisk: standing.atRisk,
        watch: watch ? { reason: watch.reason, addedAt: watch.addedAt } : null,
        log: log.map(entry),
      };
    },
    /** A note or strike by the admin or a leader in Discord; a strike expires after the clan's days unless given. */
    async addNote(input: NoteInput, clanTag: string, author: string): Promise<LeaderNoteView> {
      const now = clock.now();
      const tag = tagOf(input.playerTag);
      const rules = await readStrikeRules(db, clanTag);
      const days = input.days ?? rules.days;
      const expiresAt = input.kind === 'strike' ? strikeExpiry(now, days).toISOString() : null;
      const reason = input.reason.trim();
      const note = await insertNote(db, {
        playerTag: tag,
        clanTag,
        kind: input.kind,
        reason,
        createdAt: now.toISOString(),
        expiresAt,
        author,
      });
      const owner = input.kind === 'strike' && rules.dm && deps.tell ? await provenOwner(db, tag) : null;
      if (owner) await deps.tell!(owner, clanTag, strikeDm(clanTag, reason, expiresAt!));
      await deps.audited({
        kind: input.kind === 'strike' ? 'strike-added' : 'note-added',
        subject: await who(tag),
        detail: reason,
      });
      return view(note!);
    },
    async removeNote(id: number): Promise<LeaderNoteView> {
      const note = await deleteNote(db, id);
      if (!note) throw notFound('That note or strike no longer exists.');
      await deps.audited({ kind: 'note-removed', subject: await who(note.playerTag), detail: note.reason });
      return view(note);
    },
    async rules(clanTag: string) {
      const rules = await readStrikeRules(db, clanTag);
      return {
        ...rules,
        caption: strikeRuleCaption(rules.threshold, rules.days),
        logChannel: Boolean(deps.ctx.clans.resolve(clanTag)?.logWebhookSealed),
      };
    },
    async setRules(clanTag: string, rules: StrikeRulesView) {
      await writeStrikeRules(db, clanTag, rules);
      const detail =
        `${rules.threshold} active strikes put a member at risk; a strike lasts ${rules.days} days; ` +
        `automatic strikes ${rules.auto ? 'on' : 'off'}; the player told by DM ${rules.dm ? 'yes' : 'no'}`;
      await deps.audited({ kind: 'strike-rules-saved', subject: clanTag, detail });
      return this.rules(clanTag);
    },
  };
}

export type LeadersService = ReturnType<typeof createLeadersService>;
