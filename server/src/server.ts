// The process entry. The heap is tuned before any package is loaded (heap-tuning.ts), which is why the rest of the
// start (start.ts: configuration, database, listen, graceful close) is imported only afterwards.
import './heap-tuning.js';

await import('./start.js');
