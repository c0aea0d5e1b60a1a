// The house rules a reader relies on (docs/architecture.md, "Checks"): no source line over 160
// characters, no import that climbs more than two folders (a far import names its place with the
// package's subpath imports, `#contracts/…`, `#server/…`), and no import cycle (modules that import
// each other load half-initialised). Pure functions over { path, text } records, so a test can
// prove each rule bites; tools/check-house.ts runs them over the tracked files.
import path from 'node:path';

export interface SourceFile {
  path: string;
  text: string;
}
export type ImportsMap = Record<string, string>;

export const MAX_LINE = 160;
export const MAX_CLIMB = 2;

const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs|css)$/;
/** Source files the rules read: code and styles, not fixtures recorded from the real API. */
export const isSource = (file: string): boolean =>
  SOURCE.test(file) && !file.includes('/fixtures/') && !file.startsWith('dist/');

/** Module specifiers in one file: static imports and re-exports (type-only ones flagged), dynamic imports and mocks. */
export function specifiers(text: string): { spec: string; typeOnly: boolean }[] {
  const found: { spec: string; typeOnly: boolean }[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm;
  for (const m of text.matchAll(statement)) found.push({ spec: m[3]!, typeOnly: Boolean(m[2]) });
  for (const m of text.matchAll(/\b(?:import|vi\.mock|vi\.importActual)\s*\(\s*'([^']+)'/g))
    found.push({ spec: m[1]!, typeOnly: false });
  return found;
}

export function longLines(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const { path: file, text } of files)
    text.split('\n').forEach((line, i) => {
      if (line.length > MAX_LINE) problems.push(`${file}:${i + 1}: ${line.length} characters (at most ${MAX_LINE})`);
    });
  return problems;
}

export function farClimbs(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const { path: file, text } of files)
    for (const { spec } of specifiers(text)) {
      const climbs = (spec.match(/^(?:\.\.\/)+/)?.[0].length ?? 0) / 3;
      if (climbs > MAX_CLIMB) problems.push(`${file}: '${spec}' climbs ${climbs} folders: use a subpath import (#…)`);
    }
  return problems;
}

/** The file a specifier loads, among `known` files, through relative paths or the package's `imports` map. */
export function resolver(known: Set<string>, importsMap: ImportsMap): (from: string, spec: string) => string | null {
  const candidates = (base: string) => [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    ...['.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'].map((e) => base + e),
  ];
  return (from, spec) => {
    let base: string | null = null;
    if (spec.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
    else if (spec.startsWith('#'))
      for (const [key, target] of Object.entries(importsMap)) {
        const prefix = key.replace(/\*$/, '');
        if (key.endsWith('*') && spec.startsWith(prefix)) {
          base = path.posix.normalize(target.replace('*', spec.slice(prefix.length)));
          break;
        }
        if (key === spec) base = path.posix.normalize(target);
      }
    if (base === null) return null;
    const found = candidates(base).find((c) => known.has(c));
    return found ?? null;
  };
}

/** Every import cycle among the files (run-time imports only), each as the chain from its first file back to it. */
export function importCycles(files: SourceFile[], importsMap: ImportsMap = {}): string[] {
  const known = new Set(files.map((f) => f.path));
  const resolve = resolver(known, importsMap);
  const graph = new Map(
    files.map(({ path: file, text }) => [
      file,
      specifiers(text)
        .filter((s) => !s.typeOnly)
        .map((s) => resolve(file, s.spec))
        .filter((t): t is string => t !== null && t !== file),
    ]),
  );
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
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found.map((chain) => `import cycle: ${chain.join(' → ')}`);
}

export function houseProblems(files: SourceFile[], importsMap: ImportsMap): string[] {
  const sources = files.filter((f) => isSource(f.path));
  return [...longLines(sources), ...farClimbs(sources), ...importCycles(sources, importsMap)];
}
