/**
 * The stand-in's model of the clan's server (docs/decisions/160-discord-roles.md): roles with positions, each
 * member's roles and nickname, the bot's own role and the owner. It refuses as Discord does: 403 code 50013 for a
 * role at or above the bot's highest role, for any role without Manage Roles and for the owner's nickname, 404 code 10011 for an unknown role, 404
 * code 10007 for a user not in the server.
 */
export interface GuildMemberModel {
  roles: Set<string>;
  nick: string | null;
  username: string;
}

export const BOT_ROLE_ID = '810000000000000001';
export const OWNER_ID = '510000000000000000';

type Answer = { status: number; body: unknown };

export class GuildModel {
  readonly roles = new Map<string, { id: string; name: string; position: number }>();
  readonly members = new Map<string, GuildMemberModel>();
  ownerId = OWNER_ID;
  /** false: the bot's role lacks Manage Roles, and every role change is 403 code 50013 */
  manageRoles = true;

  constructor(
    readonly id: string,
    readonly botUserId: string,
  ) {
    this.addRole(BOT_ROLE_ID, 'ClanOps', 50);
    this.addMember(botUserId, 'ClanOps', [BOT_ROLE_ID]);
    this.addMember(OWNER_ID, 'owner');
  }

  addRole(id: string, name: string, position: number): this {
    this.roles.set(id, { id, name, position });
    return this;
  }

  addMember(userId: string, username: string, roles: string[] = [], nick: string | null = null): GuildMemberModel {
    const m = { roles: new Set(roles), nick, username };
    this.members.set(userId, m);
    return m;
  }

  /** Roles of a member, sorted (what a test compares). */
  rolesOf(userId: string): string[] {
    return [...(this.members.get(userId)?.roles ?? [])].sort();
  }

  private botTop(): number {
    const bot = this.members.get(this.botUserId);
    return Math.max(0, ...[...(bot?.roles ?? [])].map((r) => this.roles.get(r)?.position ?? 0));
  }

  /** The answer to a guild call, or null when the path is not one of these. */
  answer(method: string, path: string, body: unknown): Answer | null {
    const m = /^\/guilds\/(\d+)(\/roles|\/members\/(\d+)(\/roles\/(\d+))?)?$/.exec(path);
    if (!m) return null;
    if (m[1] !== this.id) return { status: 404, body: { message: 'Unknown Guild', code: 10004 } };
    const [, , sub, userId, , roleId] = m;
    if (sub === undefined && method === 'GET') return { status: 200, body: { id: this.id, owner_id: this.ownerId } };
    if (sub === '/roles' && method === 'GET') return { status: 200, body: [...this.roles.values()] };
    const member = userId ? this.members.get(userId) : undefined;
    if (!member) return { status: 404, body: { message: 'Unknown Member', code: 10007 } };
    const view = () => ({
      user: { id: userId, username: member.username },
      roles: [...member.roles],
      nick: member.nick,
    });
    if (roleId === undefined && method === 'GET') return { status: 200, body: view() };
    if (roleId === undefined && method === 'PATCH') {
      if (userId === this.ownerId) return { status: 403, body: { message: 'Missing Permissions', code: 50013 } };
      const nick = (body as { nick?: string | null } | null)?.nick;
      if (nick !== undefined) member.nick = nick === '' ? null : nick;
      return { status: 200, body: view() };
    }
    if (roleId !== undefined && (method === 'PUT' || method === 'DELETE')) {
      if (!this.manageRoles) return { status: 403, body: { message: 'Missing Permissions', code: 50013 } };
      const role = this.roles.get(roleId);
      if (!role) return { status: 404, body: { message: 'Unknown Role', code: 10011 } };
      if (role.position >= this.botTop()) return { status: 403, body: { message: 'Missing Permissions', code: 50013 } };
      if (method === 'PUT') member.roles.add(roleId);
      else member.roles.delete(roleId);
      return { status: 204, body: null };
    }
    return { status: 405, body: { message: '405: Method Not Allowed', code: 0 } };
  }
}
