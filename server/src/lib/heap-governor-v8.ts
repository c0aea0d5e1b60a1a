import dc from 'node:diagnostics_channel';
import v8 from 'node:v8';
import vm from 'node:vm';
import { decide, growsNow, initialGovernorState, type HeapAction } from './heap-governor.js';

/** What the governor changes in the process: V8's young generation and its collector. */
export interface HeapControls {
  /** V8's `--semi-space-growth-factor`: 1 keeps the young generation at its size, 2 is V8's default */
  setGrowthFactor(factor: 1 | 2): void;
  /** a full collection that also shrinks the young generation and gives back what it freed */
  collect(): void;
}

type Gc = (options: { type: 'major'; execution: 'sync' }) => void;

function exposeGc(): Gc {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as Gc;
  v8.setFlagsFromString('--no-expose-gc');
  return gc;
}

/**
 * The controls on this process's V8. The collection is V8's own `gc()`, taken from a fresh context with the flag that
 * exposes it on for that moment only (no global `gc` appears in ours); a full collection made once the allocation
 * rate has fallen shrinks the young generation back to its initial size and gives its pages back.
 */
export function v8Controls(): HeapControls {
  // taken at the first collection: a server never under load never makes the context (about 150 KB)
  let gc: Gc | undefined;
  return {
    setGrowthFactor: (factor) => v8.setFlagsFromString(`--semi-space-growth-factor=${factor}`),
    collect: () => (gc ??= exposeGc())({ type: 'major', execution: 'sync' }),
  };
}

export interface GovernorTimer {
  /** calls `tick` every `ms` until the returned function is called; must not keep the process alive */
  every(tick: () => void, ms: number): () => void;
}

const realTimer: GovernorTimer = {
  every(tick, ms) {
    const handle = setInterval(tick, ms).unref();
    return () => clearInterval(handle);
  },
};

const WINDOW_MS = 1000;

/**
 * Counts the requests the process's HTTP servers start (Node's `http.server.request.start` channel) in one-second
 * windows, and applies the governor's decisions. Returns a function that stops it.
 */
export function startHeapGovernor(controls: HeapControls = v8Controls(), timer: GovernorTimer = realTimer): () => void {
  let state = initialGovernorState;
  let requests = 0;
  let stopWindow: (() => void) | null = null;

  const act = (action: HeapAction | null) => {
    if (action === 'grow') controls.setGrowthFactor(2);
    if (action === 'settle') {
      controls.setGrowthFactor(1);
      controls.collect();
    }
  };
  const tick = () => {
    const { action, next, keepCounting } = decide(state, requests);
    state = next;
    requests = 0;
    act(action);
    if (!keepCounting) {
      stopWindow?.();
      stopWindow = null;
    }
  };
  const onRequest = () => {
    requests++;
    stopWindow ??= timer.every(tick, WINDOW_MS);
    if (growsNow(state, requests)) {
      state = { growing: true, quiet: 0 };
      act('grow');
    }
  };

  dc.subscribe('http.server.request.start', onRequest);
  return () => {
    dc.unsubscribe('http.server.request.start', onRequest);
    stopWindow?.();
    stopWindow = null;
  };
}
