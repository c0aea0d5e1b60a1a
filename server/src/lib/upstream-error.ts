/**
 * A failed outbound call, typed for callers: why (`reason`) and what to tell a clan leader
 * (`userMessage`). The clients' own errors extend it, so domain code can read a failure without
 * knowing which client raised it.
 */
export abstract class UpstreamError extends Error {
  abstract readonly reason: string;
  abstract readonly userMessage: string;
}
