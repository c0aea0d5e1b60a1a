import type { Config } from './env.js';
import { dataDirWarning } from '../lib/data-dir.js';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Pure: is this PUBLIC_URL plain http on a host other than this machine? */
export function isPlainHttpOutsideLocalhost(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  return url.protocol === 'http:' && !LOCAL_HOSTS.has(url.hostname) && !url.hostname.endsWith('.localhost');
}

/** What to warn about at start (SEC-HDR-03, SEC-JWT-03), as [key, message] pairs. */
export function startupWarnings(config: Config): [string, string][] {
  const warnings: [string, string][] = [];
  if (isPlainHttpOutsideLocalhost(config.PUBLIC_URL)) {
    warnings.push([
      'http-public-url',
      `PUBLIC_URL ${config.PUBLIC_URL} is plain http: passwords and reset links would cross the network ` +
        'unencrypted. Serve ClanOps behind a TLS reverse proxy and set PUBLIC_URL to its https address.',
    ]);
  }
  const dir = dataDirWarning(config.DATA_DIR);
  if (dir) warnings.push(['data-dir-mode', dir]);
  return warnings;
}

/** The first request that carries X-Forwarded-For while no proxy is trusted (SEC-LOGIN-04). */
export const UNTRUSTED_PROXY_WARNING =
  'Requests arrive with an X-Forwarded-For header but TRUST_PROXY is not set, so every visitor ' +
  "looks like the proxy's own address and one visitor can use up the login, forgot-password and " +
  'reset limits of everyone behind it. Set TRUST_PROXY to the number of proxies in front of ClanOps ' +
  '(e.g. 1) or to their addresses.';
