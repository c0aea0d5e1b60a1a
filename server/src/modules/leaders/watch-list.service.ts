import type { WatchEntryView, WatchInput } from '#contracts/admin-leaders';
import { notFound } from '#server/lib/app-error';
import { normalisePlayerTag } from '#server/lib/clan-tag';
import type { LeadersDeps } from './leaders.service.js';
import { playerNames } from './strike-rules.repository.js';
import { deleteWatch, listWatch, upsertWatch } from './watch-list.repository.js';

/** The watch list (docs/leaders-memory.md): players leaders flagged; the roster observation alerts on their arrival. */
export function createWatchList(deps: LeadersDeps, who: (tag: string) => Promise<string>) {
  const db = deps.ctx.db.kysely;
  const tagOf = (input: string) => normalisePlayerTag(input) ?? input;
  return {
    async list(): Promise<WatchEntryView[]> {
      const entries = await listWatch(db);
      const names = await playerNames(
        db,
        entries.map((e) => e.playerTag),
      );
      return entries.map((e) => ({ ...e, name: names.get(e.playerTag) ?? null }));
    },
    async entry(tag: string) {
      return (await listWatch(db, [tag]))[0] ?? null;
    },
    async add(input: WatchInput, by: string): Promise<void> {
      const tag = tagOf(input.playerTag);
      const reason = input.reason.trim();
      await upsertWatch(db, { playerTag: tag, reason, addedAt: deps.ctx.clock.now().toISOString(), addedBy: by });
      await deps.audited({ kind: 'watch-added', subject: await who(tag), detail: reason });
    },
    async remove(input: string): Promise<void> {
      const tag = tagOf(input);
      const entry = (await listWatch(db, [tag]))[0];
      if (!entry || !(await deleteWatch(db, tag))) throw notFound(`${tag} is not on the watch list.`);
      await deps.audited({ kind: 'watch-removed', subject: await who(tag), detail: entry.reason });
    },
  };
}
