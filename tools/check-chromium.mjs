// Fails with one line when no Chromium is found (Playwright cannot download a browser here).
import fs from 'node:fs';

const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
if (!candidates.some((p) => fs.existsSync(p))) {
  console.error(
    'No Chromium found: install it with `sudo apt-get install -y chromium` or set CHROME_PATH to a Chromium/Chrome binary.',
  );
  process.exit(1);
}
