import fs from 'node:fs';

/** CHROME_PATH, else Debian's /usr/bin/chromium (no browser download is possible here). */
export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  return found ?? '/usr/bin/chromium';
}
