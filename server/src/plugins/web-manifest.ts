import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** What Vite's build manifest says of each module: its output file and the chunks it imports. */
const manifestSchema = z.record(z.string(), z.object({ file: z.string(), imports: z.array(z.string()).optional() }));

/**
 * The files a lazily loaded page needs (its chunk and every chunk it imports), as `/assets/…` paths, from the
 * built app's manifest (`vite.config.ts` `build.manifest`). Empty without a build or when the page is not in it.
 */
export function chunkFiles(webDir: string, source: string): string[] {
  const file = path.join(webDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return [];
  const parsed = manifestSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) return [];
  const manifest = parsed.data;
  const files = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  walk(source);
  return [...files].map((f) => `/${f}`);
}
