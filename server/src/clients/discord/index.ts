export * from './payload.js';
export * from './sender.js';
