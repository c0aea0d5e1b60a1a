import type {
  APIApplicationCommand,
  APIMessage,
  RESTPostAPIChannelMessageJSONBody,
  RESTPutAPIApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import { systemClock, type Clock } from '../../lib/clock.js';
import { DISCORD_USER_AGENT, retryAfterMs } from './sender.js';

/** The fields of a guild member ClanOps reads. */
export interface GuildMember {
  user?: { id: string; username?: string };
  roles: string[];
  nick?: string | null;
}

export interface GuildRole {
  id: string;
  name: string;
  position: number;
}

/** A message ClanOps writes (channel post, DM, interaction reply or edit). */
export type BotMessage = RESTPostAPIChannelMessageJSONBody;

export interface DiscordBotClientOptions {
  /** DISCORD_API_BASE_URL, e.g. https://discord.com/api/v10 */
  baseUrl: string;
  applicationId: string;
  /** DISCORD_BOT_TOKEN; without it only interaction replies (which need none) work */
  token: string | null;
  fetch?: typeof fetch;
  /** waits between attempts pass on this clock (the app's) */
  clock?: Pick<Clock, 'sleep'>;
  /** overall deadline of one call, retries and waits included */
  deadlineMs?: number;
  /** Discord's retry_after is honoured up to this cap */
  maxRetryAfterMs?: number;
  maxAttempts?: number;
}

export type DiscordApiErrorKind = 'no-token' | 'refused' | 'rejected' | 'unavailable' | 'timeout' | 'network';

/** A failed call, with a message fit for the log and the admin: never the token, never an interaction token. */
export class DiscordApiError extends Error {
  constructor(
    message: string,
    readonly kind: DiscordApiErrorKind,
    readonly status: number | null = null,
    /** Discord's JSON error code (10003 unknown channel, 50007 cannot DM this user…) */
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = 'DiscordApiError';
  }
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** bot token needed (interaction webhooks are authorised by their own token in the URL) */
  auth: boolean;
  /** what the call does, for error texts */
  what: string;
}

/**
 * Discord's REST API as the bot (docs/discord.md): register the slash commands, answer interactions
 * after a deferral, open a DM channel, post to a channel. 429 waits `retry_after` (capped) and
 * retries; 5xx and dropped connections back off and retry; 401/403/404 and other 4xx are final.
 */
export class DiscordBotClient {
  private readonly fetchFn: typeof fetch;
  private readonly clock: Pick<Clock, 'sleep'>;
  readonly applicationId: string;

  constructor(private readonly options: DiscordBotClientOptions) {
    this.fetchFn = options.fetch ?? fetch;
    this.clock = options.clock ?? systemClock;
    this.applicationId = options.applicationId;
  }

  get hasToken(): boolean {
    return this.options.token !== null;
  }

  /** One bulk overwrite: the same list twice leaves Discord as it was (idempotent). */
  registerCommands(
    commands: RESTPutAPIApplicationCommandsJSONBody,
    guildId: string | null,
  ): Promise<APIApplicationCommand[]> {
    const app = this.applicationId;
    const path = guildId ? `/applications/${app}/guilds/${guildId}/commands` : `/applications/${app}/commands`;
    return this.call({ method: 'PUT', path, body: commands, auth: true, what: 'register the slash commands' });
  }

  /** Replaces the deferred "thinking…" answer of an interaction. */
  editOriginal(interactionToken: string, message: BotMessage): Promise<APIMessage> {
    return this.call({
      method: 'PATCH',
      path: `/webhooks/${this.applicationId}/${encodeURIComponent(interactionToken)}/messages/@original`,
      body: message,
      auth: false,
      what: 'edit the interaction answer',
    });
  }

  /** A further message after an interaction's answer (within its 15 minutes). */
  followUp(interactionToken: string, message: BotMessage & { flags?: number }): Promise<APIMessage> {
    return this.call({
      method: 'POST',
      path: `/webhooks/${this.applicationId}/${encodeURIComponent(interactionToken)}?wait=true`,
      body: message,
      auth: false,
      what: 'send a follow-up',
    });
  }

  /** The DM channel with a user (Discord returns the existing one when there is one). */
  async createDmChannel(userId: string): Promise<string> {
    const channel = await this.call<{ id: string }>({
      method: 'POST',
      path: '/users/@me/channels',
      body: { recipient_id: userId },
      auth: true,
      what: 'open a direct message channel',
    });
    return channel.id;
  }

  async postMessage(channelId: string, message: BotMessage): Promise<string> {
    const sent = await this.call<APIMessage>({
      method: 'POST',
      path: `/channels/${channelId}/messages`,
      body: message,
      auth: true,
      what: 'post a message',
    });
    return sent.id;
  }

  /** A member of a server: their roles and nickname (docs/decisions/160-discord-roles.md). */
  getMember(guildId: string, userId: string): Promise<GuildMember> {
    return this.call({
      method: 'GET',
      path: `/guilds/${guildId}/members/${userId}`,
      auth: true,
      what: 'read a member',
    });
  }

  /** The server itself: ClanOps reads its owner (whose nickname no bot may change). */
  getGuild(guildId: string): Promise<{ id: string; owner_id: string }> {
    return this.call({ method: 'GET', path: `/guilds/${guildId}`, auth: true, what: 'read the server' });
  }

  /** The server's roles, with their positions (the bot's highest role must be above the ones it manages). */
  listRoles(guildId: string): Promise<GuildRole[]> {
    return this.call({ method: 'GET', path: `/guilds/${guildId}/roles`, auth: true, what: 'list the roles' });
  }

  /** Adds (PUT) or removes (DELETE) one role: both are idempotent in Discord. */
  async setRole(guildId: string, userId: string, roleId: string, on: boolean): Promise<void> {
    await this.call({
      method: on ? 'PUT' : 'DELETE',
      path: `/guilds/${guildId}/members/${userId}/roles/${roleId}`,
      auth: true,
      what: on ? `add the role ${roleId}` : `remove the role ${roleId}`,
    });
  }

  async setNickname(guildId: string, userId: string, nick: string | null): Promise<void> {
    await this.call({
      method: 'PATCH',
      path: `/guilds/${guildId}/members/${userId}`,
      body: { nick },
      auth: true,
      what: 'change a nickname',
    });
  }

  private async call<T>(call: Call): Promise<T> {
    if (call.auth && !this.options.token) {
      throw new DiscordApiError(`Cannot ${call.what}: DISCORD_BOT_TOKEN is not set.`, 'no-token');
    }
    const deadlineMs = this.options.deadlineMs ?? 10_000;
    const signal = AbortSignal.timeout(deadlineMs);
    const maxAttempts = this.options.maxAttempts ?? 4;
    const headers: Record<string, string> = { 'User-Agent': DISCORD_USER_AGENT };
    if (call.body !== undefined) headers['Content-Type'] = 'application/json';
    if (call.auth) headers.Authorization = `Bot ${this.options.token}`;
    for (let attempt = 1; ; attempt++) {
      let res: Response | null = null;
      try {
        res = await this.fetchFn(this.options.baseUrl + call.path, {
          method: call.method,
          headers,
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
          redirect: 'manual',
          signal,
        });
      } catch {
        if (signal.aborted) throw new DiscordApiError(`Discord did not answer in time (${call.what}).`, 'timeout');
        if (attempt >= maxAttempts)
          throw new DiscordApiError(`Discord could not be reached (${call.what}).`, 'network');
      }
      if (res?.ok) return (await res.json().catch(() => ({}))) as T;
      let wait = 500 * 2 ** (attempt - 1);
      if (res) {
        const text = await res.text().catch(() => '');
        const { message, code } = discordError(text);
        const detail = `${res.status}${message ? `: ${message}` : ''}${code !== null ? ` [${code}]` : ''}`;
        if ([401, 403, 404].includes(res.status)) {
          throw new DiscordApiError(`Discord refused to ${call.what} (${detail}).`, 'refused', res.status, code);
        }
        if (res.status !== 429 && res.status < 500) {
          throw new DiscordApiError(
            `Discord rejected the request to ${call.what} (${detail}).`,
            'rejected',
            res.status,
            code,
          );
        }
        if (attempt >= maxAttempts) {
          throw new DiscordApiError(
            `Discord kept answering ${res.status} after ${attempt} attempts (${call.what}).`,
            'unavailable',
            res.status,
            code,
          );
        }
        if (res.status === 429) wait = Math.min(retryAfterMs(res, text), this.options.maxRetryAfterMs ?? 5_000);
      }
      try {
        await this.clock.sleep(wait, signal);
      } catch {
        throw new DiscordApiError(`Discord did not answer in time (${call.what}).`, 'timeout');
      }
    }
  }
}

function discordError(text: string): { message: string | null; code: number | null } {
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    return {
      message: typeof body.message === 'string' ? body.message.slice(0, 200) : null,
      code: typeof body.code === 'number' ? body.code : null,
    };
  } catch {
    return { message: null, code: null };
  }
}

/**
 * A direct message to a Discord user: opens (or reuses) the DM channel and posts `payload`.
 * Returns the message id. Fails with a DiscordApiError, e.g. code 50007 when the user does not
 * accept messages from the clan's server members.
 */
export async function sendDirectMessage(
  client: DiscordBotClient,
  userId: string,
  payload: BotMessage,
): Promise<string> {
  const channelId = await client.createDmChannel(userId);
  return client.postMessage(channelId, { allowed_mentions: { parse: [] }, ...payload });
}
