import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve('server/src');

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter((f) => f.endsWith('.ts'));
}

/** Relative imports that load code at run time (`import type` and `export type` load nothing). */
function runtimeImports(file: string, known: Set<string>): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+'(\.[^']+)'/gm)) {
    const target = path.resolve(path.dirname(file), m[1]!.replace(/\.js$/, '.ts'));
    if (known.has(target)) found.push(target);
  }
  return found;
}

/** Every import cycle, each as the chain of files from its first file back to it. */
function cycles(files: string[]): string[][] {
  const known = new Set(files);
  const graph = new Map(files.map((f) => [f, runtimeImports(f, known)]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file)!) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const f of files) if (!state.has(f)) visit(f);
  return found.map((c) => c.map((f) => path.relative(ROOT, f)));
}

/** Modules that import each other load half-initialised; the server has none (docs/architecture.md §2). */
describe('server imports', () => {
  it('have no cycles', () => {
    expect(cycles(sourceFiles(ROOT))).toEqual([]);
  });

  it('would name a cycle', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clanops-cycle-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a.js';\nexport const b = () => a;\n");
      const chain = cycles(sourceFiles(dir))[0]!.map((f) => path.basename(f));
      expect(chain).toEqual(['a.ts', 'b.ts', 'a.ts']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
