import type { Config } from './env.js';

/**
 * The start's last log line. It names the port the process listens on, since a container's
 * published port or a proxy's address can differ, and says when PUBLIC_URL is only the default
 * (links and meta tags are built from it).
 */
export function servingLine(config: Config, publicUrlSet: boolean, engine: string): string {
  const mode = `${engine}${config.demoMode ? ', demo mode' : ''}`;
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  const where = `${host}:${config.PORT}`;
  if (publicUrlSet) return `ClanOps is serving ${config.PUBLIC_URL} (listening on ${where}; ${mode})`;
  return (
    `ClanOps is serving on ${where} (${mode}); PUBLIC_URL is not set, so links point to ${config.PUBLIC_URL}: ` +
    'set it to the address your clan opens'
  );
}
