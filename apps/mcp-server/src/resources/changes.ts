import { EventEmitter } from 'node:events';

/**
 * What changed, by resource URI, for every server of this process: a tool that refreshed a discovery cache says so
 * here, and each server tells its clients subscribed to that URI. One feed, since the caches are shared by every
 * server (one per HTTP session, or the stdio one).
 */
const changes = new EventEmitter();
// Every open server listens; their number is the number of open sessions, not a leak.
changes.setMaxListeners(0);

export function announceChange(uri: string): void {
  changes.emit('change', uri);
}

/** Calls `listener` with each changed URI until the returned function is called. */
export function onChange(listener: (uri: string) => void): () => void {
  changes.on('change', listener);
  return () => void changes.off('change', listener);
}
