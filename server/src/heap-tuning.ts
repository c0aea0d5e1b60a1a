import v8 from 'node:v8';

/**
 * Imported first by server.ts, before any package loads. In live mode V8's young generation keeps its initial size
 * (two 1 MB semi-spaces) instead of growing to 16 MB each during start-up and never giving the memory back: about
 * 30 MB of the idle process. A request server keeps few young objects alive, so the smaller space costs no
 * measurable throughput. Demo mode keeps V8's default: its first start replays weeks of history, which allocates
 * far more and runs faster with room to grow (docs/decisions/071-idle-memory.md). Live mode also asks V8 to favour
 * memory over speed (`--optimize-for-size`: a slower-growing heap, smaller code), about 6 MB of the idle process
 * (docs/decisions/073-live-memory.md). Live mode is read from the environment directly, as config/env.ts reads it:
 * a token set and not empty.
 */
if (process.env.CR_API_TOKEN) {
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  v8.setFlagsFromString('--optimize-for-size');
}
