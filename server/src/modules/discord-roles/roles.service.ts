import type { AppContext } from '#server/app-context';
import { toIso } from '#server/lib/clock';
import { pacedRest } from './paced.js';
import { isRestError, type RolesRest } from './ports.js';
import { diffMember, type RoleChange } from './diff.js';
import { isOutage, isRefusal, warningKey, warnRefusal } from './refusals.js';
import { dequeue, due, enqueue, postpone } from './roles-queue.repository.js';
import { readLinks, readOptouts, readPlayers, readRules, recordChange } from './roles.repository.js';
import { managedRoleIds, type RoleRules } from './rules.js';
import { computeWanted, type Wanted } from './wanted.js';

export interface DiscordRolesDeps {
  ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'warnings' | 'clans'>;
  rest: RolesRest | null;
  guildId: string | null;
  /** calls to Discord at least this far apart (default 40 ms: 25 a second, half of Discord's global limit) */
  minIntervalMs?: number;
}

/** A queued user is tried again this long after Discord was away. */
const RETRY_MS = 5 * 60_000;

/** What one sync pass did, for tests, the bench and the log. */
export interface DrainResult {
  synced: number;
  applied: number;
  refused: number;
  /** Discord was away: the rest of the queue waits for the next pass */
  outage: boolean;
}

/**
 * Keeps the managed roles and nicknames true (docs/decisions/160-discord-roles.md): triggers queue Discord users,
 * a drain syncs each queued user by reading the member from Discord, diffing with what the rules want and applying
 * the difference, one audited change at a time. Refusals become system-card warnings; an outage leaves the queue.
 */
export class DiscordRolesService {
  /** the wanted state last seen per user, so a roster poll queues only the users whose wanted state changed */
  private readonly seen = new Map<string, string>();

  private readonly db;
  private readonly clock;

  private readonly rest: RolesRest | null;

  constructor(private readonly deps: DiscordRolesDeps) {
    this.rest = deps.rest ? pacedRest(deps.rest, deps.minIntervalMs) : null;
    this.db = deps.ctx.db.kysely;
    this.clock = deps.ctx.clock;
  }

  get active(): boolean {
    return Boolean(this.deps.rest?.hasToken && this.deps.guildId);
  }

  /** the rules were on when last read (the job's cadence) */
  enabled = false;

  async rules(): Promise<RoleRules> {
    const rules = await readRules(this.db);
    this.enabled = rules.enabled;
    return rules;
  }

  /** The wanted roles and nickname of the given users (all linked users when absent), from the database. */
  async wanted(rules: RoleRules, userIds?: readonly string[]): Promise<Map<string, Wanted>> {
    const { db, clock } = this;
    const links = await readLinks(db, userIds);
    const players = await readPlayers(
      db,
      [...new Set(links.map((l) => l.playerTag))],
      this.deps.ctx.clans.active().map((c) => c.tag),
    );
    return computeWanted(this.named(rules), { links, players, optedOut: await readOptouts(db), now: clock.now() });
  }

  /** The rules with each family clan's name in the game where the admin gave no alias (`{clan}`, the reasons). */
  private named(rules: RoleRules): RoleRules {
    const clanRoles = { ...rules.clanRoles };
    for (const c of this.deps.ctx.clans.active())
      if (!clanRoles[c.tag]?.alias)
        clanRoles[c.tag] = { roleId: clanRoles[c.tag]?.roleId ?? null, alias: c.name ?? c.tag };
    return { ...rules, clanRoles };
  }

  /** The server's role names by id, for the admin console; empty without the bot or while Discord is away. */
  async roleNames(): Promise<Record<string, string>> {
    if (!this.active) return {};
    try {
      return Object.fromEntries((await this.rest!.listRoles(this.deps.guildId!)).map((r) => [r.id, r.name]));
    } catch (err) {
      if (!isRestError(err)) throw err;
      return {};
    }
  }

  async queue(userIds: readonly string[], reason: string): Promise<void> {
    if (userIds.length) await enqueue(this.db, userIds, reason, toIso(this.clock.now()));
  }

  /** After a link is verified or confirmed (or removed): that user, at once. */
  async afterLink(userId: string): Promise<DrainResult | null> {
    if (!this.active || !(await this.rules()).enabled) return null;
    await this.queue([userId], 'link');
    return this.drain();
  }

  /** After the roster polls: the users whose wanted roles or nickname changed (a join, leave, move, rank change). */
  async afterRoster(): Promise<DrainResult | null> {
    const rules = await this.rules();
    if (!rules.enabled) return null;
    const changed: string[] = [];
    for (const [id, w] of await this.wanted(rules)) {
      const sig = JSON.stringify([[...w.roles.keys()].sort(), w.nickname]);
      if (this.seen.get(id) !== sig) changed.push(id);
      this.seen.set(id, sig);
    }
    await this.queue(changed, 'roster');
    return this.drain();
  }

  /** Every linked user: what is in Discord is compared with what should be, and drift is fixed. */
  async reconcile(): Promise<DrainResult | null> {
    if (!(await this.rules()).enabled) return null;
    const links = await readLinks(this.db);
    await this.queue(
      links.map((l) => l.discordUserId),
      'reconcile',
    );
    return this.drain();
  }

  /** the drain running now: drains in one process run one after the other, so none applies a change twice */
  private running: Promise<unknown> = Promise.resolve();

  /** Syncs the due users of the queue; stops at the first sign Discord is away (the rest waits). */
  drain(): Promise<DrainResult | null> {
    const next = this.running.then(
      () => this.drainNow(),
      () => this.drainNow(),
    );
    this.running = next.catch(() => undefined);
    return next;
  }

  private async drainNow(): Promise<DrainResult | null> {
    const rules = await this.rules();
    if (!rules.enabled || !this.active) return null;
    const { db, clock } = this;
    const result: DrainResult = { synced: 0, applied: 0, refused: 0, outage: false };
    const rows = await due(db, toIso(clock.now()), 1000);
    const wanted = await this.wanted(
      rules,
      rows.map((r) => r.discord_user_id),
    );
    for (const row of rows) {
      try {
        await this.sync(rules, row.discord_user_id, wanted.get(row.discord_user_id), result);
        await dequeue(db, row.discord_user_id, row.queued_at);
        result.synced++;
      } catch (err) {
        if (!isRestError(err)) throw err;
        const next = toIso(new Date(clock.now().getTime() + RETRY_MS));
        await postpone(db, row.discord_user_id, err.message, next);
        this.deps.ctx.log.warn({ err: err.message }, 'Discord roles: Discord is away; the queue waits');
        result.outage = true;
        break;
      }
    }
    return result;
  }

  /** One user: read from Discord, diff, apply. Throws a DiscordApiError when Discord is away. */
  private async sync(rules: RoleRules, userId: string, wanted: Wanted | undefined, result: DrainResult): Promise<void> {
    const changes = await this.changesFor(rules, userId, wanted);
    if (changes === null) return;
    for (const change of changes) {
      const ok = await this.apply(change, changes.who);
      if (ok) result.applied++;
      else result.refused++;
    }
  }

  /** What would change for one user (null: not in the server); with `who`, the member's name for warnings. */
  async changesFor(
    rules: RoleRules,
    userId: string,
    wanted: Wanted | undefined,
  ): Promise<(RoleChange[] & { who: string }) | null> {
    const { rest } = this;
    const { guildId } = this.deps;
    const { clock } = this;
    let member;
    try {
      member = await rest!.getMember(guildId!, userId);
    } catch (err) {
      if (isRestError(err) && err.status === 404) return null;
      throw err;
    }
    const w = wanted ?? { discordUserId: userId, roles: new Map(), nickname: null, why: emptyWhy };
    const changes = diffMember(
      this.named(rules),
      managedRoleIds(rules),
      w,
      { roles: member.roles, nick: member.nick ?? null },
      clock.now(),
    );
    const who = `${member.user?.username ?? 'member'} ${userId}`;
    return Object.assign(changes, { who });
  }

  private async apply(change: RoleChange, who: string): Promise<boolean> {
    const { rest } = this;
    const { guildId } = this.deps;
    const { db, clock } = this;
    const { warnings } = this.deps.ctx;
    try {
      if (change.kind === 'set-nick') await rest!.setNickname(guildId!, change.discordUserId, change.nick);
      else await rest!.setRole(guildId!, change.discordUserId, change.roleId, change.kind === 'add-role');
    } catch (err) {
      if (isOutage(err) || !isRefusal(err)) throw err;
      // the same refusal each hour is one audit row and one warning until it is fixed (or the server restarts)
      if (!warnings.has(warningKey(change))) await recordChange(db, change, 'refused', err.message, toIso(clock.now()));
      await warnRefusal(rest!, guildId!, warnings, change, err, who);
      return false;
    }
    await recordChange(db, change, 'applied', null, toIso(clock.now()));
    warnings.clear(warningKey(change));
    return true;
  }
}

const emptyWhy = { inFamily: [], kept: [], left: [], proven: false };
