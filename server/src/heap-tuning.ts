import v8 from 'node:v8';
import { givenOnCommandLine } from './lib/command-line-flags.js';
import { startHeapGovernor } from './lib/heap-governor-v8.js';

/**
 * Imported first by server.ts, before any package loads. In live mode V8's young generation keeps its initial size
 * (two 1 MB semi-spaces) instead of growing to 16 MB each during start-up and never giving the memory back: about
 * 30 MB of the idle process. Live mode also asks V8 to favour memory over speed (`--optimize-for-size`: a
 * slower-growing heap, smaller code), about 6 MB of the idle process (docs/decisions/073-live-memory.md). Demo mode
 * keeps V8's default: its first start replays weeks of history, which allocates far more and runs faster with room to
 * grow (docs/decisions/071-idle-memory.md). Live mode is read from the environment directly, as config/env.ts reads
 * it: a token set and not empty.
 *
 * Both trade throughput for memory: under load the 1 MB young generation is collected about every hundred requests,
 * which is most of what separates the cached public API from bare Fastify
 * (docs/decisions/172-young-generation-under-load.md). So the young generation is fixed only while the server is not
 * under load: the heap governor lets it grow from the first busy second and, at the first quiet second after load or
 * after the heap grew, collects and keeps it at 1 MB again (lib/heap-governor.ts,
 * docs/decisions/173-heap-governor.md). A flag given on node's command line wins over this tuning, so
 * an operator who wants the throughput more than the memory, and bench/public-api.ts, which shows the trade, can
 * start the server with `--semi-space-growth-factor=2 --no-optimize-for-size`.
 */
if (process.env.CR_API_TOKEN) {
  if (!givenOnCommandLine('semi-space-growth-factor')) {
    v8.setFlagsFromString('--semi-space-growth-factor=1');
    startHeapGovernor();
  }
  if (!givenOnCommandLine('optimize-for-size')) v8.setFlagsFromString('--optimize-for-size');
}
