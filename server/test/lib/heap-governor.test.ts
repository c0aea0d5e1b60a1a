import { spawnSync } from 'node:child_process';
import dc from 'node:diagnostics_channel';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHeapGovernor, type HeapControls } from '#server/lib/heap-governor-v8';

const request = dc.channel('http.server.request.start');

/** Controls that record what the governor did, and a timer whose windows the test ends by hand. */
function harness() {
  const done: string[] = [];
  const controls: HeapControls = {
    setGrowthFactor: (factor) => done.push(`growth factor ${factor}`),
    collect: () => done.push('collect'),
  };
  let tick: (() => void) | null = null;
  const stop = startHeapGovernor(controls, {
    every(fn, ms) {
      expect(ms).toBe(1000);
      tick = fn;
      return () => (tick = null);
    },
  });
  const window = (requests: number) => {
    for (let i = 0; i < requests; i++) request.publish({});
    if (!tick) throw new Error('no window is being counted');
    tick();
  };
  return { done, stop, window, counting: () => tick !== null };
}

let stopHarness: (() => void) | null = null;
afterEach(() => stopHarness?.());

describe('heap governor', () => {
  it('runs no timer on an idle server, and stops counting at the first quiet second after a few visits', () => {
    const h = harness();
    stopHarness = h.stop;
    expect(h.counting()).toBe(false);
    h.window(12); // one visit of every public path
    h.window(3);
    expect(h.counting()).toBe(true);
    h.window(0);
    expect(h.counting()).toBe(false);
    expect(h.done).toEqual([]);
  });

  it('lets the young generation grow at the hundredth request of a second, and settles after a quiet minute', () => {
    const h = harness();
    stopHarness = h.stop;
    h.window(99); // under 100 a second: not load
    expect(h.done).toEqual([]);
    for (let i = 0; i < 99; i++) request.publish({});
    expect(h.done).toEqual([]);
    request.publish({}); // the hundredth of this second: at once, not at the second's end
    expect(h.done).toEqual(['growth factor 2']);
    h.window(5000);
    h.window(40); // slower, not quiet
    for (let i = 0; i < 59; i++) h.window(0);
    h.window(1); // one request: the quiet minute starts again
    for (let i = 0; i < 59; i++) h.window(0);
    expect(h.done).toEqual(['growth factor 2']);
    expect(h.counting()).toBe(true);
    h.window(0);
    expect(h.done).toEqual(['growth factor 2', 'growth factor 1', 'collect']);
    expect(h.counting()).toBe(false);
    // the next load grows it again
    h.window(300);
    expect(h.done.at(-1)).toBe('growth factor 2');
  });

  it('no longer counts once stopped', () => {
    const h = harness();
    h.stop();
    request.publish({});
    expect(h.counting()).toBe(false);
  });

  it('on V8 itself: the young generation grows under load only with the governor, and is back at its size once settled', () => {
    const child = path.join(import.meta.dirname, 'heap-governor', 'young-generation.child.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', child], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    const steps = JSON.parse(run.stdout.trim().split('\n').pop()!) as Record<string, number | boolean>;
    // held at its size (whatever the start grew it to before the flag was set), it does not grow without the governor
    expect(steps.loadedWithoutGovernor).toBe(steps.start);
    expect(steps.underLoad).toBeGreaterThanOrEqual(4 * (steps.start as number));
    expect(steps.quietForLessThanAMinute).toBe(steps.underLoad);
    // V8's initial young generation: 1 MB semi-spaces
    expect(steps.settled).toBe(1);
    expect(steps.globalGc).toBe(false);
  }, 60_000);
});
