import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env.js';
import type { Db } from './db/database.js';
import type { Clock } from './lib/clock.js';

/**
 * What every route and service receives: built once in buildApp from the injected deps.
 * Outbound clients are added here as their modules land (Clash Royale, Discord, mail).
 */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
}
