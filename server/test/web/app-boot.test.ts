import { describe, expect, it } from 'vitest';
import { APP_BOOT_SRC, deferAppScripts } from '#server/web/app-boot';

/** The built index.html's head (Vite's order) with a page head's route preload, as the server assembles it. */
const DOC =
  '<!doctype html><html><head><meta charset="UTF-8" />\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/family-home-C1.js">\n' +
  '    <script type="module" crossorigin src="/assets/index-B8.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/card-CP.js">\n' +
  '    <link rel="stylesheet" crossorigin href="/assets/index-Yp.css">\n' +
  '  </head><body><div id="root"><main>Alpha</main></div></body></html>';

describe('the app after the first paint', () => {
  it('asks for none of the app before the paint: its script and preloads become the boot script’s data', () => {
    const out = deferAppScripts(DOC);
    expect(out).not.toContain('type="module"');
    expect(out).not.toContain('modulepreload');
    expect(out).toContain(
      `<script defer fetchpriority="low" src="${APP_BOOT_SRC}" data-entry="/assets/index-B8.js"` +
        ' data-modules="/assets/family-home-C1.js /assets/card-CP.js"></script></head>',
    );
    // what the page shows, and its stylesheet, are untouched
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/assets/index-Yp.css">');
    expect(out).toContain('<div id="root"><main>Alpha</main></div>');
  });

  it('leaves a document it does not recognise as it was', () => {
    const noApp = '<html><head></head><body><script src="/a.js"></script></body></html>';
    expect(deferAppScripts(noApp)).toBe(noApp);
  });
});
