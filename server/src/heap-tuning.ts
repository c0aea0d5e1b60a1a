import v8 from 'node:v8';

/**
 * Imported first by server.ts, before anything allocates: V8's young generation keeps its initial size (two 1 MB
 * semi-spaces) instead of growing to 16 MB each during start-up and never giving the memory back, which was about
 * 30 MB of the idle process. A request server keeps few young objects alive, so the smaller space costs no
 * measurable throughput (docs/decisions/071-idle-memory.md).
 */
v8.setFlagsFromString('--semi-space-growth-factor=1');
