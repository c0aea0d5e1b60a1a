/** The script that loads the app on a painted page after its first paint (web/public/app-boot.js). */
export const APP_BOOT_SRC = '/app-boot.js';

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A painted page reads without the app, so the app may wait for the paint (docs/decisions/171-app-after-the-paint.md):
 * its module script and module preloads (the build's and the page head's) become the data of one deferred boot script,
 * which adds them back once the page is on screen. The attribute values move as they were written (already escaped).
 * A document without a module script (a test template) is returned as it was.
 */
export function deferAppScripts(html: string): string {
  const entry = [...html.matchAll(MODULE_SCRIPT)].map((m) => m[1]!);
  if (entry.length !== 1) return html;
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const boot =
    `<script defer fetchpriority="low" src="${APP_BOOT_SRC}" data-entry="${entry[0]}"` +
    ` data-modules="${modules.join(' ')}"></script>`;
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(MODULE_SCRIPT, '')
    .replace('</head>', () => `${boot}</head>`);
}
