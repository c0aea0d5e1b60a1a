export * from './clash-royale-client.js';
export { ClashRoyaleEndpoints, type Answer } from './endpoints.js';
export * from './errors.js';
export * from './schemas.js';
export { formatCrTime, parseCrTime, NO_TIME } from './timestamps.js';
export * from './access.js';
