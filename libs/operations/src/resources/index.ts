export { openResourceReads } from './resource-reads.js';
export type { ResourceReadsWiring } from './resource-reads.js';
export type { ResourceSource } from './source.js';
export type * from './types.js';
