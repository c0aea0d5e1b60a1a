import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, sign } from 'node:crypto';
import { InteractionType } from 'discord-api-types/v10';
import { GuildModel } from './discord-guild.js';

export interface StandInRequest {
  method: string;
  /** path without the /api/v10 prefix */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | unknown[] | null;
}

interface Fault {
  match: (r: StandInRequest) => boolean;
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  times: number;
}

export interface Caller {
  id: string;
  roles?: string[];
  /** the member's permission bits as Discord sends them (a decimal string) */
  permissions?: string;
  /** the server the interaction comes from (default: the configured GUILD_ID) */
  guildId?: string;
}

export const APPLICATION_ID = '111122223333444455';
export const GUILD_ID = '222233334444555566';
export const LEADER_ROLE_ID = '333344445555666677';
export const BOT_TOKEN = 'stand-in-bot-token.secret';

/**
 * A local stand-in for Discord: it signs interactions with a test Ed25519 key pair and posts them
 * to the app over real HTTP (so they pass the real signature check), and it answers the bot's REST
 * calls (command registration, the deferred answer's edit, follow-ups, DM channels, channel
 * messages), recording each. Faults make chosen calls fail; `hold` keeps answers back.
 */
export async function startDiscordStandIn() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const x = (publicKey.export({ format: 'jwk' }) as { x: string }).x;
  const publicKeyHex = Buffer.from(x, 'base64url').toString('hex');
  const requests: StandInRequest[] = [];
  const waiters: { match: (r: StandInRequest) => boolean; resolve: (r: StandInRequest) => void }[] = [];
  const faults: Fault[] = [];
  let held: { match: (r: StandInRequest) => boolean; release: Promise<void> } | null = null;
  let nextId = 900000000000000000n;
  const snowflake = () => String(nextId++);
  /** the clan's server: roles, members' roles and nicknames (discord-guild.ts) */
  const guild = new GuildModel(GUILD_ID, APPLICATION_ID);

  function answer(r: StandInRequest): { status: number; body: unknown; headers?: Record<string, string> } {
    const fault = faults.find((f) => f.times > 0 && f.match(r));
    if (fault) {
      fault.times--;
      return {
        status: fault.status,
        body: fault.body ?? { message: 'stand-in fault', code: 0 },
        headers: fault.headers,
      };
    }
    const bot = !r.path.startsWith('/webhooks/');
    if (bot && r.headers.authorization !== `Bot ${BOT_TOKEN}`) {
      return { status: 401, body: { message: '401: Unauthorized', code: 0 } };
    }
    const g = guild.answer(r.method, r.path, r.body);
    if (g) return g;
    let m: RegExpExecArray | null;
    if (r.method === 'PUT' && /^\/applications\/\d+(\/guilds\/\d+)?\/commands$/.test(r.path)) {
      const list = Array.isArray(r.body) ? r.body : [];
      return {
        status: 200,
        body: list.map((c) => ({ ...(c as object), id: snowflake(), application_id: APPLICATION_ID })),
      };
    }
    if (r.method === 'PATCH' && /^\/webhooks\/\d+\/[^/]+\/messages\/@original$/.test(r.path)) {
      return { status: 200, body: { id: snowflake(), ...(r.body as object) } };
    }
    if (r.method === 'POST' && /^\/webhooks\/\d+\/[^/]+$/.test(r.path.split('?')[0]!)) {
      return { status: 200, body: { id: snowflake(), ...(r.body as object) } };
    }
    if (r.method === 'POST' && r.path === '/users/@me/channels') {
      const recipient = (r.body as { recipient_id?: string } | null)?.recipient_id ?? '';
      return { status: 200, body: { id: `7${recipient.slice(1)}`, type: 1, recipients: [{ id: recipient }] } };
    }
    if (r.method === 'POST' && (m = /^\/channels\/(\d+)\/messages$/.exec(r.path))) {
      return { status: 200, body: { id: snowflake(), channel_id: m[1], ...(r.body as object) } };
    }
    return { status: 404, body: { message: '404: Not Found', code: 0 } };
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      void (async () => {
        const entry: StandInRequest = {
          method: req.method ?? 'GET',
          path: (req.url ?? '').replace(/^\/api\/v10/, ''),
          headers: req.headers,
          body: raw ? (JSON.parse(raw) as StandInRequest['body']) : null,
        };
        requests.push(entry);
        for (const w of waiters.filter((w) => w.match(entry))) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(entry);
        }
        if (held?.match(entry)) await held.release;
        const a = answer(entry);
        res.writeHead(
          a.status,
          a.status === 204 ? { ...a.headers } : { 'content-type': 'application/json', ...a.headers },
        );
        res.end(a.status === 204 ? undefined : JSON.stringify(a.body));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const signBody = (timestamp: string, body: string) =>
    sign(null, Buffer.from(timestamp + body), privateKey).toString('hex');

  let interactionCount = 0;
  const base = (caller: Caller) => ({
    id: snowflake(),
    application_id: APPLICATION_ID,
    token: `interaction-token-${++interactionCount}`,
    version: 1,
    guild_id: caller.guildId ?? GUILD_ID,
    channel_id: '444455556666777788',
    member: {
      user: { id: caller.id, username: `user${caller.id.slice(-4)}` },
      roles: caller.roles ?? [],
      permissions: caller.permissions ?? '0',
    },
  });

  return {
    publicKeyHex,
    baseUrl: `http://127.0.0.1:${port}/api/v10`,
    requests,
    guild,
    /** the environment that points the app at this stand-in */
    env(extra: Record<string, string> = {}): Record<string, string> {
      return {
        DISCORD_APPLICATION_ID: APPLICATION_ID,
        DISCORD_PUBLIC_KEY: publicKeyHex,
        DISCORD_BOT_TOKEN: BOT_TOKEN,
        DISCORD_GUILD_ID: GUILD_ID,
        DISCORD_LEADER_ROLE_ID: LEADER_ROLE_ID,
        DISCORD_API_BASE_URL: `http://127.0.0.1:${port}/api/v10`,
        ...extra,
      };
    },
    ping: () => ({
      id: snowflake(),
      application_id: APPLICATION_ID,
      type: InteractionType.Ping,
      token: 'ping',
      version: 1,
    }),
    command(name: string, caller: Caller, options: { name: string; type: number; value: string | number }[] = []) {
      return {
        ...base(caller),
        type: InteractionType.ApplicationCommand,
        data: { id: snowflake(), name, type: 1, options },
      };
    },
    /** Discord asking for suggestions while a member types an option. */
    autocomplete(name: string, caller: Caller, focused: { name: string; value: string }) {
      return {
        ...base(caller),
        type: InteractionType.ApplicationCommandAutocomplete,
        data: { id: snowflake(), name, type: 1, options: [{ ...focused, type: 3, focused: true }] },
      };
    },
    button(customId: string, caller: Caller) {
      return {
        ...base(caller),
        type: InteractionType.MessageComponent,
        message: { id: snowflake(), content: '' },
        data: { custom_id: customId, component_type: 2 },
      };
    },
    /**
     * Posts a signed interaction to the app. `at` is the signing time (the app's clock); `tamper`
     * changes the body after signing; `signature: false` sends none; `contentType` replaces Discord's JSON type.
     * The same payload at the same `at` is the same request, byte for byte: a replay.
     */
    async interact(
      appUrl: string,
      payload: unknown,
      options: { at: Date; tamper?: (body: string) => string; signature?: boolean; contentType?: string },
    ): Promise<{ status: number; body: Record<string, unknown> }> {
      const body = JSON.stringify(payload);
      const timestamp = String(Math.floor(options.at.getTime() / 1000));
      const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' };
      if (options.signature !== false) {
        headers['x-signature-ed25519'] = signBody(timestamp, body);
        headers['x-signature-timestamp'] = timestamp;
      }
      const res = await fetch(`${appUrl}/api/discord/interactions`, {
        method: 'POST',
        headers,
        body: options.tamper ? options.tamper(body) : body,
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    /** The next request matching `match` (one already received counts). */
    waitFor(match: (r: StandInRequest) => boolean): Promise<StandInRequest> {
      const seen = requests.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    /** The edit of the deferred answer of the interaction with this token. */
    answerTo(token: string): Promise<StandInRequest> {
      return this.waitFor((r) => r.method === 'PATCH' && r.path.includes(`/${token}/messages/@original`));
    },
    fail(
      match: (r: StandInRequest) => boolean,
      status: number,
      options: { body?: unknown; headers?: Record<string, string>; times?: number } = {},
    ) {
      faults.push({ match, status, body: options.body, headers: options.headers, times: options.times ?? 1 });
    },
    /** Discord away for matching calls (503) until the returned function is called. */
    down(match: (r: StandInRequest) => boolean): () => void {
      const fault: Fault = { match, status: 503, body: { message: 'stand-in outage', code: 0 }, times: Infinity };
      faults.push(fault);
      return () => {
        fault.times = 0;
      };
    },
    /** Discord's rate limit on matching calls: 429 with `retry_after` (seconds) and the X-RateLimit headers. */
    rateLimit(match: (r: StandInRequest) => boolean, retryAfterS: number, times = 1) {
      const headers = {
        'x-ratelimit-limit': '10',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset-after': String(retryAfterS),
        'x-ratelimit-bucket': 'stand-in-bucket',
        'x-ratelimit-scope': 'user',
        'retry-after': String(Math.ceil(retryAfterS)),
      };
      const body = { message: 'You are being rate limited.', retry_after: retryAfterS, global: false };
      faults.push({ match, status: 429, body, headers, times });
    },
    /** Keeps answers to matching calls back until the returned function is called. */
    hold(match: (r: StandInRequest) => boolean): () => void {
      let release!: () => void;
      held = { match, release: new Promise<void>((r) => (release = r)) };
      return () => {
        release();
        held = null;
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type DiscordStandIn = Awaited<ReturnType<typeof startDiscordStandIn>>;

/** The content of a deferred answer's edit. */
export function contentOf(r: StandInRequest): string {
  return String((r.body as { content?: unknown } | null)?.content ?? '');
}
