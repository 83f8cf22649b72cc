// The shapes of bulk runs as the store hands them out.
import type { AuditChannel, BulkKind, BulkRowError, BulkRowState, BulkRunState } from './constants.js';

/** The process working a run: a unique id, and the host and pid that let another process on that host see it died. */
export interface LeaseHolder {
  id: string;
  host: string;
  pid: number;
}

export interface BulkRunRecord {
  id: string;
  kind: BulkKind;
  fileName: string;
  fileHash: string;
  actor: { channel: AuditChannel; name: string };
  state: BulkRunState;
  concurrency: number;
  rowsTotal: number;
  lease: (LeaseHolder & { heartbeatAt: Date | null }) | null;
  cancelRequested: boolean;
  secretsRevealedAt: Date | null;
  createdAt: Date;
  startedAt: Date | null;
  updatedAt: Date;
  finishedAt: Date | null;
}

export interface NewBulkRun {
  kind: BulkKind;
  fileName: string;
  fileHash: string;
  actor: { channel: AuditChannel; name: string };
  concurrency: number;
  /** Each row's input WITHOUT secrets; the secrets the file gave (a PIN, a password) apart, kept until shown. */
  rows: { rowNumber: number; input: Record<string, unknown>; secrets?: Record<string, string | number> | null }[];
}

export interface BulkRowRecord {
  runId: string;
  rowNumber: number;
  input: Record<string, unknown>;
  state: BulkRowState;
  attempts: number;
  employeeId: number | null;
  outcome: Record<string, unknown> | null;
  error: BulkRowError | null;
  hasSecrets: boolean;
  updatedAt: Date;
}

export type BulkRowCounts = Record<BulkRowState, number>;

export interface BulkRunCounts {
  byState: BulkRowCounts;
  withSecrets: number;
}

/** How a lease request ended: the run, now held by the caller, or who holds it. */
export type LeaseResult = { run: BulkRunRecord; heldBy?: never } | { heldBy: LeaseHolder & { heartbeatAt: Date | null }; run?: never };

export interface LeaseRules {
  /** A holder whose heartbeat is older than this is gone. */
  staleAfterMs: number;
  /** Whether a holder on the caller's host is gone (its pid is dead): asked only for holders on `holder.host`. */
  isDeadOnThisHost?: (pid: number) => boolean;
}

/** A row's end: its new state and what is known of it. */
export interface BulkRowEnd {
  state: Exclude<BulkRowState, 'pending' | 'running'>;
  employeeId?: number | null;
  outcome?: Record<string, unknown> | null;
  error?: BulkRowError | null;
}
