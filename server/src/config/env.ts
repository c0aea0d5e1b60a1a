import { z } from 'zod';
import { normaliseClanTag } from '../lib/clan-tag.js';
import { trustProxyProblem } from './trust-proxy.js';

const DEMO_CLAN_TAG = '#2PQ8L0C';

const port = z.coerce
  .number({ error: 'must be a whole number between 1 and 65535' })
  .int('must be a whole number between 1 and 65535')
  .min(1, 'must be a whole number between 1 and 65535')
  .max(65535, 'must be a whole number between 1 and 65535');

const optionalUrl = (protocols: string[], hint: string) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, hint)
    .optional();

/** A retention period in whole days, 1–3650. */
const days = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number of days between 1 and 3650' })
    .int('must be a whole number of days between 1 and 3650')
    .min(1, 'must be a whole number of days between 1 and 3650')
    .max(3650, 'must be a whole number of days between 1 and 3650')
    .default(fallback);
/** Discord ids ("snowflakes") are 17 to 20 digits. */
const snowflake = (name: string) =>
  z
    .string()
    .trim()
    .regex(
      /^\d{17,20}$/,
      `must be a Discord id of 17 to 20 digits (Developer Mode, then Copy ` +
        `${name.includes('ROLE') ? 'Role' : name.includes('GUILD') ? 'Server' : 'Application'} ID)`,
    )
    .optional();

/** TRUST_PROXY: a hop count or a CIDR list, never "true" nor a catch-all range (SEC-LOGIN-04). */
const trustProxy = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const problem = trustProxyProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: port.default(5000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalUrl(['http:', 'https:'], 'must be an http(s) URL such as https://clan.example.com'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(
    ['postgres:', 'postgresql:'],
    'must be a postgres:// URL (only PostgreSQL is supported; leave unset for SQLite)',
  ),
  /** how long a start waits for an unreachable PostgreSQL before it exits 1 (docs/decisions/120-database-outages.md) */
  DATABASE_WAIT_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds between 0 and 86400' })
    .int('must be a whole number of seconds between 0 and 86400')
    .min(0, 'must be a whole number of seconds between 0 and 86400')
    .max(86_400, 'must be a whole number of seconds between 0 and 86400')
    .default(300),
  CLAN_TAG: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const tag = normaliseClanTag(v);
      if (!tag) {
        ctx.addIssue({ code: 'custom', message: 'is not a valid clan tag (letters 0289PYLQGRJCUV, e.g. #2PQ8L0C)' });
        return z.NEVER;
      }
      return tag;
    }),
  FAMILY_CLAN_TAGS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const tags: string[] = [];
      for (const part of (v ?? '').split(',').map((p) => p.trim())) {
        if (part === '') continue;
        const tag = normaliseClanTag(part);
        if (!tag) {
          ctx.addIssue({ code: 'custom', message: `${part} is not a valid clan tag (letters 0289PYLQGRJCUV)` });
          return z.NEVER;
        }
        if (!tags.includes(tag)) tags.push(tag);
      }
      return tags;
    }),
  CR_API_TOKEN: z.string().trim().min(1).optional(),
  CR_API_BASE_URL: optionalUrl(['http:', 'https:'], 'must be an http(s) URL such as https://proxy.royaleapi.dev/v1'),
  CR_IP_ECHO_URL: optionalUrl(['http:', 'https:'], 'must be an http(s) URL'),
  /** Clash Royale calls a minute this instance may make, retries included (docs/decisions/101-request-budget.md) */
  CR_REQUESTS_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number of requests a minute between 10 and 6000' })
    .int('must be a whole number of requests a minute between 10 and 6000')
    .min(10, 'must be a whole number of requests a minute between 10 and 6000')
    .max(6000, 'must be a whole number of requests a minute between 10 and 6000')
    .default(300),
  DISCORD_WEBHOOK_URL: optionalUrl(
    ['https:', 'http:'],
    'must be a Discord webhook URL (https://discord.com/api/webhooks/…)',
  ),
  DISCORD_APPLICATION_ID: snowflake('DISCORD_APPLICATION_ID'),
  DISCORD_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, "must be the application's public key: 64 hexadecimal characters")
    .transform((v) => v.toLowerCase())
    .optional(),
  DISCORD_BOT_TOKEN: z.string().trim().min(1).optional(),
  DISCORD_GUILD_ID: snowflake('DISCORD_GUILD_ID'),
  DISCORD_LEADER_ROLE_ID: snowflake('DISCORD_LEADER_ROLE_ID'),
  DISCORD_API_BASE_URL: optionalUrl(['https:', 'http:'], 'must be an http(s) URL such as https://discord.com/api/v10'),
  DISCORD_INVITE_URL: optionalUrl(['https:', 'http:'], 'must be an https URL such as https://discord.gg/abc'),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().trim().min(3).optional(),
  ADMIN_USERNAME: z.string().trim().min(1).max(64).default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters (256 bits)').optional(),
  SCHEDULE_TIMEZONE: z
    .string()
    .default('America/New_York')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as America/New_York'),
  TRUST_PROXY: trustProxy,
  /** SEC-LOG-01: with NODE_ENV=production and no SMTP, mailed links are printed only when this is 1. */
  MAIL_LOG_LINKS: z.enum(['0', '1'], { error: 'must be 1 (print links) or 0' }).default('0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** how long history rows, delivered Discord messages and acknowledged alerts are kept (docs/architecture.md §8) */
  RETENTION_RUNS_DAYS: days(90),
  RETENTION_OUTBOX_DAYS: days(30),
  RETENTION_ALERTS_DAYS: days(90),
  /** demo mode: 1 wipes the simulated clan's history at start and fills it again */
  DEMO_RESET: z.enum(['0', '1'], { error: 'must be 1 (start the demo over) or 0' }).default('0'),
  /** demo mode: 0 starts without the simulated past (tests that want an empty history) */
  DEMO_HISTORY: z.enum(['0', '1'], { error: 'must be 1 (fill the demo history) or 0' }).default('1'),
  /** demo mode: 1 simulates a family of three clans with moves between them, 0 the main clan alone */
  DEMO_FAMILY: z.enum(['0', '1'], { error: 'must be 1 (a demo family of three clans) or 0 (one clan)' }).default('1'),
  /** tests only: ms added to the system clock, so a server process runs at an instant of the war week the test chose */
  CLOCK_OFFSET_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .default(0),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'PUBLIC_URL' | 'CLAN_TAG' | 'DISCORD_API_BASE_URL'> {
  PUBLIC_URL: string;
  CLAN_TAG: string;
  DISCORD_API_BASE_URL: string;
  demoMode: boolean;
}

export const DEFAULT_DISCORD_API_BASE_URL = 'https://discord.com/api/v10';

export class ConfigError extends Error {}

/** Parses the environment; the thrown message is one line naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv | Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const raw = cleaned[name];
    const shown = raw === undefined || /TOKEN|SECRET|PASSWORD|URL/.test(name) ? '' : ` (got "${raw}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const env = parsed.data;
  // Without it, any server that added the bot could send commands (docs/decisions/113-discord-guild-required.md).
  if (env.DISCORD_APPLICATION_ID && env.DISCORD_PUBLIC_KEY && !env.DISCORD_GUILD_ID) {
    throw new ConfigError(
      'Invalid configuration: DISCORD_GUILD_ID is required when DISCORD_APPLICATION_ID and DISCORD_PUBLIC_KEY turn ' +
        "the Discord commands on: set it to your clan's server id (Developer Mode, then Copy Server ID).",
    );
  }
  return {
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    CLAN_TAG: env.CLAN_TAG ?? DEMO_CLAN_TAG,
    DISCORD_API_BASE_URL: (env.DISCORD_API_BASE_URL ?? DEFAULT_DISCORD_API_BASE_URL).replace(/\/+$/, ''),
    demoMode: env.CR_API_TOKEN === undefined,
  };
}
