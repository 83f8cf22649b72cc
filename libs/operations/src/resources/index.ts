export { openResourceReads } from './resource-reads.js';
export type * from './types.js';
export type { LiveReadProgress, LiveReadProgressListener } from './live-progress.js';
