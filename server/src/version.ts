import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The running version: package.json's `version`, read once. Every way of running ships package.json beside the code
 * (the repository, /opt/clanops, the image's /app), from the sources (server/src) or the bundle (dist/server/…).
 * It is what /healthz, the admin system card and the image's label say (CHANGELOG.md).
 */
function readVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up++, dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'clanops' && pkg.version) return pkg.version;
  }
  return 'unknown';
}

export const APP_VERSION = readVersion();
