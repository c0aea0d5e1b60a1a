// The Clash Royale API simulator as a process of its own, on the system clock, so the built server can run in live
// mode against it (CR_API_TOKEN and CR_API_BASE_URL pointing here) the way it runs against the real API: no
// simulator inside the server. Prints `{"url": "http://127.0.0.1:<port>/v1"}` on one line once it listens; stops on
// SIGTERM. Used by bench/startup.ts. Run: node --import tsx tools/simulator-process.ts [clan tag] [family tags]
// (family tags: the other clans of a simulated family, comma-separated; docs/decisions/102-simulated-family.md).
import { systemClock } from '../server/src/lib/clock.js';
import { startSimulator } from '../server/src/simulator/index.js';

const family = (process.argv[3] ?? '')
  .split(',')
  .filter(Boolean)
  .map((tag) => ({ tag }));
const simulator = await startSimulator({ clock: systemClock, clanTag: process.argv[2], family });
process.stdout.write(`${JSON.stringify({ url: simulator.url })}\n`);
process.on('SIGTERM', () => void simulator.close().then(() => process.exit(0)));
