import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env.js';
import type { Db } from './db/database.js';
import type { Clock } from './lib/clock.js';
import type { OperatorWarnings } from './lib/operator-warnings.js';
import type { ScriptEngine } from './scripts/engine.js';
import type { SystemResponse } from '../../contracts/admin-scripts.js';
import type { ClashRoyaleAccess } from './clients/clash-royale/access.js';

/**
 * What every route and service receives: built once in buildApp from the injected deps.
 * Outbound clients are added here as their modules land (Clash Royale, Discord, mail).
 */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** registry, runner and scheduler of the clan scripts */
  scripts: ScriptEngine;
  /** for the admin system card: the Clash Royale side may fill it (null fields = not checked) */
  clashRoyaleStatus?: () => Promise<SystemResponse['clashRoyaleApi']>;
  /** Clash Royale API client, or the embedded simulator in demo mode */
  cr: ClashRoyaleAccess;
  /** configuration problems, logged once and shown on the admin system card */
  warnings: OperatorWarnings;
}
