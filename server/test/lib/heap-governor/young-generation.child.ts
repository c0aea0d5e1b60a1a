// Run by heap-governor.test.ts in a node of its own: the governor with V8's real controls (the young generation held
// at its initial size as live mode holds it), the windows ticked by hand, the load made by allocating. Prints the
// young generation's size at each step as JSON.
import dc from 'node:diagnostics_channel';
import v8 from 'node:v8';
import { startHeapGovernor, v8Controls } from '#server/lib/heap-governor-v8';

v8.setFlagsFromString('--semi-space-growth-factor=1');
const youngMb = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.space_size / 1048576;
let tick = () => {};
const stop = startHeapGovernor(v8Controls(), {
  every(fn) {
    tick = fn;
    return () => (tick = () => {});
  },
});
const request = dc.channel('http.server.request.start');
// Under load: objects that live across collections, as the requests in flight do.
let inFlight: unknown[] = [];
const load = () => {
  for (let i = 0; i < 200_000; i++) {
    inFlight.push({ i, text: `answer ${i}` });
    if (inFlight.length > 20_000) inFlight = inFlight.slice(10_000);
  }
};
const steps: Record<string, number | boolean> = { start: youngMb() };
load();
steps.loadedWithoutGovernor = youngMb();
for (let i = 0; i < 150; i++) request.publish({});
load();
load();
tick(); // the end of the busy second
steps.underLoad = youngMb();
inFlight = [];
for (let i = 0; i < 59; i++) tick();
steps.quietForLessThanAMinute = youngMb();
// V8 shrinks at a full collection only once its allocation rate, measured over about five seconds, has fallen.
await new Promise((r) => setTimeout(r, 6000));
tick();
steps.settled = youngMb();
steps.globalGc = typeof (globalThis as { gc?: unknown }).gc !== 'undefined';
stop();
console.log(JSON.stringify(steps));
