import { describe, expect, it } from 'vitest';
import { farClimbs, houseProblems, importCycles, longLines } from '#tools/house-rules';

const MAP = { '#server/*': './server/src/*.ts', '#contracts/*': './contracts/*.ts' };

/** `npm test` runs these rules over every tracked source file (tools/check-house.ts); here each is shown to bite. */
describe('house rules', () => {
  it('refuse a line over 160 characters and keep one of 160', () => {
    const text = `const a = '${'x'.repeat(160 - 13)}';\nconst b = '${'y'.repeat(161 - 13)}';\n`;
    expect(text.split('\n').map((l) => l.length)).toEqual([160, 161, 0]);
    expect(longLines([{ path: 'web/src/a.tsx', text }])).toEqual(['web/src/a.tsx:2: 161 characters (at most 160)']);
  });

  it('refuse an import that climbs three folders, in any form, and keep two or a subpath import', () => {
    const text = [
      "import { a } from '../../lib/a.js';",
      "import { b } from '#contracts/b';",
      "import type { C } from '../../../contracts/c.js';",
      "export { d } from '../../../../server/src/d.js';",
      // (written apart so this file does not break the rule it tests)
      `const e = await import${"('"}../../../e.js');`,
      `vi.mock${"('"}../../../f.js');`,
    ].join('\n');
    expect(farClimbs([{ path: 'server/src/modules/x/y.ts', text }])).toEqual([
      "server/src/modules/x/y.ts: '../../../contracts/c.js' climbs 3 folders: use a subpath import (#…)",
      "server/src/modules/x/y.ts: '../../../../server/src/d.js' climbs 4 folders: use a subpath import (#…)",
      "server/src/modules/x/y.ts: '../../../e.js' climbs 3 folders: use a subpath import (#…)",
      "server/src/modules/x/y.ts: '../../../f.js' climbs 3 folders: use a subpath import (#…)",
    ]);
  });

  it('name an import cycle through relative and subpath imports, and pass over type-only imports', () => {
    const files = [
      { path: 'server/src/auth/login.ts', text: "import { totp } from '#server/auth/totp';\nexport const login = 1;" },
      { path: 'server/src/auth/totp.ts', text: "import { login } from './login.js';\nexport const totp = 2;" },
      { path: 'server/src/auth/types.ts', text: "import type { X } from '#contracts/x';\nexport const t = 3;" },
      { path: 'contracts/x.ts', text: "import type { t } from '#server/auth/types';\nexport type X = 1;" },
    ];
    expect(importCycles(files, MAP)).toEqual([
      'import cycle: server/src/auth/login.ts → server/src/auth/totp.ts → server/src/auth/login.ts',
    ]);
  });

  it('read only source files: recorded fixtures may hold long lines', () => {
    const long = 'x'.repeat(300);
    const files = [
      { path: 'server/test/fixtures/cr-api/clan.json', text: long },
      { path: 'docs/notes.md', text: long },
      { path: 'web/src/app.css', text: long },
    ];
    expect(houseProblems(files, MAP)).toEqual(['web/src/app.css:1: 300 characters (at most 160)']);
  });
});
