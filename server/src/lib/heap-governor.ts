/**
 * Live mode keeps V8's young generation at 1 MB so an idle server stays small (heap-tuning.ts), which makes a server
 * under load collect every hundred requests (docs/decisions/172-young-generation-under-load.md). The governor lets
 * the young generation grow while the server is under load and gives the memory back once it has been quiet for a
 * minute (docs/decisions/173-heap-governor.md). This file decides; heap-governor-v8.ts acts on V8.
 *
 * It is driven by one-second windows of the requests the server starts, counted only while requests come or while the young
 * generation is grown: an idle server runs no timer at all.
 */

/** Requests in one second from which the server counts as under load (a clan's busiest minute is a few per second). */
export const BUSY_REQUESTS_PER_S = 100;
/**
 * Quiet seconds after load before the memory is given back. Load comes in waves (an announcement in Discord, a
 * crawler): giving the young generation back between two waves a few seconds apart would make each wave start at
 * 1 MB again. V8 also shrinks its young generation at a full collection only once its measured allocation rate (over
 * about five seconds) has fallen.
 */
export const QUIET_WINDOWS_TO_SETTLE = 60;

export type HeapAction = 'grow' | 'settle';

export interface GovernorState {
  /** the young generation may grow (V8's growth factor): set by a busy window, cleared by settling */
  growing: boolean;
  /** quiet windows in a row while growing */
  quiet: number;
}

export const initialGovernorState: GovernorState = { growing: false, quiet: 0 };

/** On each request: the window's count has just reached load, and the young generation may grow at once. */
export const growsNow = (state: GovernorState, requestsInWindow: number): boolean =>
  !state.growing && requestsInWindow >= BUSY_REQUESTS_PER_S;

/**
 * The end of a one-second window in which `requests` were answered:
 * - a busy window lets the young generation grow ('grow', once; later busy windows change nothing; growsNow has
 *   usually done it already, at the window's hundredth request);
 * - QUIET_WINDOWS_TO_SETTLE windows in a row without a request after load keep it at its initial size again and
 *   collect ('settle');
 * - counting stops at a quiet window when the young generation is not grown, and after settling.
 */
export function decide(
  state: GovernorState,
  requests: number,
): { action: HeapAction | null; next: GovernorState; keepCounting: boolean } {
  if (requests >= BUSY_REQUESTS_PER_S)
    return { action: state.growing ? null : 'grow', next: { growing: true, quiet: 0 }, keepCounting: true };
  if (!state.growing) return { action: null, next: state, keepCounting: requests > 0 };
  if (requests > 0) return { action: null, next: { growing: true, quiet: 0 }, keepCounting: true };
  if (state.quiet + 1 < QUIET_WINDOWS_TO_SETTLE)
    return { action: null, next: { growing: true, quiet: state.quiet + 1 }, keepCounting: true };
  return { action: 'settle', next: initialGovernorState, keepCounting: false };
}
