import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env.js';
import type { Db } from './db/database.js';
import type { Clock } from './lib/clock.js';
import type { OperatorWarnings } from './lib/operator-warnings.js';
import type { ClashRoyaleAccess } from './clients/clash-royale/access.js';
import type { ClanDirectory } from './modules/family/clan-directory.js';

/** What every service receives: built once in buildApp from the injected deps. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Clash Royale API client, or the embedded simulator in demo mode */
  cr: ClashRoyaleAccess;
  /** configuration problems, logged once and shown on the admin system card */
  warnings: OperatorWarnings;
  /** the clans of the family, the main clan (CLAN_TAG) first (docs/decisions/100-clan-family-data-model.md) */
  clans: ClanDirectory;
}
