export { openResourceReads } from './resource-reads.js';
export type * from './types.js';
