import { UpstreamError } from '../../lib/upstream-error.js';

/** Why a Clash Royale call failed: the API's own `reason` (docs/clash-royale-api.md §4) or one of ours. */
export type ClashRoyaleErrorReason =
  | 'accessDenied'
  | 'accessDenied.invalidIp'
  | 'notFound'
  | 'badRequest'
  | 'gone'
  | 'requestThrottled'
  | 'inMaintenance'
  | 'unknownException'
  | 'serverError'
  | 'clientError'
  | 'timeout'
  | 'network'
  | 'redirected'
  | 'badResponse'
  /** ours: the request budget had no token for the call by its deadline (never sent, never retried) */
  | 'budget';

/** Public IP of the RoyaleAPI proxy, to whitelist on the key (docs/clash-royale-api.md §1). */
export const ROYALEAPI_PROXY_IP = '45.79.218.79';

const IP_IN_MESSAGE = /from IP\s+([0-9a-fA-F:.]+)/;

/** "Invalid authorization: API key does not allow access from IP a.b.c.d" -> "a.b.c.d". */
export function parseInvalidIp(message: string | undefined): string | null {
  const ip = message ? IP_IN_MESSAGE.exec(message)?.[1] : undefined;
  return ip ? ip.replace(/\.$/, '') : null;
}

export interface ClashRoyaleErrorInit {
  status: number | null;
  endpoint: string;
  reason: ClashRoyaleErrorReason;
  apiMessage?: string;
  retryAfterMs?: number;
  /** with reason `budget`: CR_REQUESTS_PER_MINUTE, named in the message */
  perMinute?: number;
  cause?: unknown;
}

/** A failed Clash Royale call, typed for callers and with a message written for a clan leader. */
export class ClashRoyaleApiError extends UpstreamError {
  readonly status: number | null;
  readonly endpoint: string;
  override readonly reason: ClashRoyaleErrorReason;
  readonly apiMessage: string | undefined;
  readonly retryAfterMs: number | undefined;
  /** The server's public IP when the API named it in an invalidIp refusal. */
  readonly ip: string | null;
  override readonly userMessage: string;

  constructor(init: ClashRoyaleErrorInit) {
    super(
      `Clash Royale API ${init.endpoint}: ${init.reason}${init.status ? ` (HTTP ${init.status})` : ''}${init.apiMessage ? ` - ${init.apiMessage}` : ''}`,
      {
        cause: init.cause,
      },
    );
    this.name = 'ClashRoyaleApiError';
    this.status = init.status;
    this.endpoint = init.endpoint;
    this.reason = init.reason;
    this.apiMessage = init.apiMessage;
    this.retryAfterMs = init.retryAfterMs;
    this.ip = init.reason === 'accessDenied.invalidIp' ? parseInvalidIp(init.apiMessage) : null;
    this.userMessage = userMessageFor(init.reason, this.ip, init.perMinute);
  }

  /** Worth another attempt: throttling, maintenance, server errors and dropped connections. */
  get transient(): boolean {
    return ['requestThrottled', 'inMaintenance', 'unknownException', 'serverError', 'network'].includes(this.reason);
  }
}

export function userMessageFor(reason: ClashRoyaleErrorReason, ip: string | null, perMinute?: number): string {
  switch (reason) {
    case 'accessDenied.invalidIp':
      return (
        `The Clash Royale API key does not allow this server's IP address${ip ? ` (${ip})` : ''}. ` +
        `Add ${ip ?? "the server's public IP"} to the key's allowed IP addresses at developer.clashroyale.com, ` +
        `or use the RoyaleAPI proxy: create a key that allows ${ROYALEAPI_PROXY_IP} and set CR_API_BASE_URL=https://proxy.royaleapi.dev/v1.`
      );
    case 'accessDenied':
      return (
        'The Clash Royale API refused our API key. Check CR_API_TOKEN at ' +
        'developer.clashroyale.com; after a burst of calls this can also be temporary throttling.'
      );
    case 'notFound':
      return 'The Clash Royale API does not know this clan or player. Check that CLAN_TAG is right.';
    case 'badRequest':
    case 'clientError':
      return 'The Clash Royale API rejected our request. Check the clan tag and location settings.';
    case 'gone':
      return 'This Clash Royale API endpoint no longer exists.';
    case 'requestThrottled':
      return 'The Clash Royale API is limiting how often we can ask right now. The data will refresh in a few minutes.';
    case 'inMaintenance':
      return 'Clash Royale is in maintenance. The data will refresh once the maintenance ends.';
    case 'unknownException':
    case 'serverError':
      return 'The Clash Royale API had an internal error. The data will refresh shortly.';
    case 'timeout':
      return 'The Clash Royale API did not answer in time. The data will refresh shortly.';
    case 'network':
      return 'Could not reach the Clash Royale API (network problem). Check that this server can reach it.';
    case 'redirected':
      return 'The Clash Royale API answered with a redirect, which ClanOps never follows (the API key would go along). Check CR_API_BASE_URL.';
    case 'badResponse':
      return 'The Clash Royale API sent an answer we could not read. The data will refresh shortly.';
    case 'budget':
      return (
        `ClanOps has used its Clash Royale request budget (CR_REQUESTS_PER_MINUTE=${perMinute ?? 'its limit'}) ` +
        'for this minute; public pages answer from the cache and scripts try again at their next poll.'
      );
  }
}

/** Maps an HTTP status and the body's reason (when any) to our reason. */
export function reasonFor(status: number, apiReason: string | undefined): ClashRoyaleErrorReason {
  const known: ClashRoyaleErrorReason[] = [
    'accessDenied',
    'accessDenied.invalidIp',
    'notFound',
    'badRequest',
    'gone',
    'requestThrottled',
    'inMaintenance',
    'unknownException',
  ];
  if (apiReason && (known as string[]).includes(apiReason)) return apiReason as ClashRoyaleErrorReason;
  if (status === 429) return 'requestThrottled';
  if (status === 503) return 'inMaintenance';
  if (status === 403) return 'accessDenied';
  if (status === 404) return 'notFound';
  if (status === 400) return 'badRequest';
  if (status >= 500) return 'serverError';
  return 'clientError';
}
