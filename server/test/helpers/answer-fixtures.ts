import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

/** One HTTP answer as a fixture keeps it: the status, the content type and the body (parsed when JSON). */
export interface RecordedAnswer {
  request: string;
  status: number;
  contentType: string | null;
  body: unknown;
}

/** What a fixture file holds, byte for byte: the answer as indented JSON and a final newline. */
export const answerText = (answer: RecordedAnswer): string => `${JSON.stringify(answer, null, 2)}\n`;

/** The file an answer lives in: its label with every run of other characters than letters, digits, dot and dash as `_`. */
export const fixtureFile = (label: string): string =>
  `${decodeURIComponent(label)
    .replace(/[^A-Za-z0-9.-]+/g, '_')
    .replace(/^_+|_+$/g, '')}.json`;

/**
 * A folder of recorded answers, one JSON file per answer. In update mode `record` writes the files
 * (after `reset` emptied the folder of its old ones); otherwise it compares each answer's text with
 * its file, softly, so one run reports every answer that changed, each with its own line diff.
 */
export class AnswerFixtures {
  private readonly seen = new Set<string>();

  constructor(
    readonly dir: string,
    readonly update: boolean,
  ) {}

  /** Update mode only: removes the old fixture files, so an answer no longer fetched leaves none behind. */
  reset(): void {
    fs.mkdirSync(this.dir, { recursive: true });
    for (const f of fs.readdirSync(this.dir)) if (f.endsWith('.json')) fs.rmSync(path.join(this.dir, f));
  }

  record(label: string, answer: RecordedAnswer): void {
    const file = fixtureFile(label);
    if (this.seen.has(file)) throw new Error(`two answers recorded as ${file}`);
    this.seen.add(file);
    const text = answerText(answer);
    const where = path.join(this.dir, file);
    if (this.update) {
      fs.writeFileSync(where, text);
      return;
    }
    const expected = fs.existsSync(where) ? fs.readFileSync(where, 'utf8') : `(no fixture ${file})\n`;
    expect.soft(text, `${label} (fixture ${file})`).toBe(expected);
  }

  /** Every fixture file in the folder was recorded by this run: none stands for an answer no longer fetched. */
  expectNoneLeftOver(): void {
    const files = fs.readdirSync(this.dir).filter((f) => f.endsWith('.json'));
    expect(
      files.filter((f) => !this.seen.has(f)),
      'fixture files no answer matched',
    ).toEqual([]);
  }
}
