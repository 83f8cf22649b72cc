import type { BulkProgress, BulkRunView } from '@washops/operations/schemas';
import { BULK_LIMITS } from '@washops/portal-api/schemas';

/** What the page uploads: the file's bytes in base64, as `bulk.check` and `bulk.start` take them. */
export interface BulkUpload {
  fileName: string;
  contentBase64: string;
}

const MIB = 1_048_576;

/** The refusal of a file over the limit, before any upload (the server refuses it too). */
export function oversizeMessage(bytes: number): string | null {
  if (bytes <= BULK_LIMITS.maxFileBytes) return null;
  const limit = BULK_LIMITS.maxFileBytes;
  return `This file is ${bytes.toLocaleString('en-US')} bytes, over the limit of ${formatSize(limit)} (${limit.toLocaleString('en-US')} bytes): split it into smaller files (at most ${BULK_LIMITS.maxRows.toLocaleString('en-US')} rows each).`;
}

export function formatSize(bytes: number): string {
  if (bytes >= MIB) return `${(bytes / MIB).toFixed(1).replace(/\.0$/, '')} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}

/** Bytes → base64, in slices: a spread of a whole MiB into `String.fromCharCode` overflows the stack. */
export function base64OfBytes(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/** "about 3 minutes", "about 40 seconds"; null while unknown. */
export function timeLeft(etaMs: number | null): string | null {
  if (etaMs === null || !Number.isFinite(etaMs)) return null;
  const seconds = Math.max(1, Math.round(etaMs / 1000));
  if (seconds < 90) return `about ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  return `about ${Math.round(seconds / 60)} minutes`;
}

/** The progress in words, for the figures under the bar and its `aria-valuetext`. */
export function progressText(progress: BulkProgress): string {
  const parts = [`${progress.done} of ${progress.total} rows done`, `${progress.failed} failed`, `${progress.remaining} remaining`];
  if (progress.ratePerMinute !== null) parts.push(`${Math.round(progress.ratePerMinute)} rows a minute`);
  const left = timeLeft(progress.etaMs);
  if (left !== null && progress.remaining > 0) parts.push(`${left} left`);
  return parts.join(', ');
}

/** A run this page should keep polling: it may still change. */
export function isActiveRun(run: Pick<BulkRunView, 'state'>): boolean {
  return run.state === 'queued' || run.state === 'running' || run.state === 'cancelling';
}

/** A run stopped with rows left: Resume continues it from the store. */
export function isResumable(run: Pick<BulkRunView, 'state'>): boolean {
  return run.state === 'interrupted' || run.state === 'cancelled';
}

export const KIND_LABELS = { create: 'New hires', disable: 'Leavers' } as const;
