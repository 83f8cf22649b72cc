import { InternalError } from '@washops/shared-errors';
import type { Store } from '@washops/store';
import type { Actor } from '../actor.js';
import type { OperationsLogger } from '../audited-write.js';
import type { BackofficeConnection } from '../connection.js';
import type { Operations } from '../operations.js';
import type { BulkCheckReport, BulkFile, BulkKind, BulkProgress, BulkRowResult, BulkRunView } from './types.js';

/** A parsed file or list of rows, ready for the dry run: each row's cells as text, by column. */
export interface BulkSheet {
  kind: BulkKind;
  fileName: string;
  fileHash: string;
  columns: string[];
  rows: { rowNumber: number; cells: Record<string, string> }[];
}

export interface BulkChangesDeps {
  store: Store;
  /** Every write of a run goes through here, as the run's actor. */
  operations: Operations;
  /** The dry run's reads (sites, departments, templates, the roster). */
  backoffice: BackofficeConnection;
  logger?: OperationsLogger;
}

export interface ExecuteOptions {
  /** Aborting finishes the rows in flight, then stops the run as `cancelled` (resumable). */
  signal?: AbortSignal;
  /** Called after every row that ends, and once at the start. */
  onProgress?: (progress: BulkProgress) => void;
  /** Rows at once (default `BULK_LIMITS.defaultConcurrency`). */
  concurrency?: number;
}

export interface ResultsCsv {
  csv: string;
  /** True when the generated PINs and passwords are in it (the only time they are shown). */
  secretsIncluded: boolean;
}

/**
 * Bulk onboarding and offboarding (README, "Bulk changes"): a file is checked in full before anything is
 * written, then its rows go through the audited operations with bounded concurrency. A run and each row's
 * state live in the store, so the same file run again resumes: rows done are skipped, and a row whose
 * employee was created but whose later steps failed is completed or reported, never created again.
 */
export interface BulkChanges {
  /** CSV text or bytes → sheet. Throws `BulkFileError` for a file that cannot be used at all (size, binary, columns). */
  parseCsv(kind: BulkKind, file: BulkFile): BulkSheet;
  /** JSON rows (the MCP tools) → sheet, cells given as strings, numbers, booleans or lists. Throws `BulkFileError`. */
  sheetOfRows(kind: BulkKind, rows: Record<string, unknown>[], name?: string): BulkSheet;
  /** The dry run: every row through the schema and against the live tenant. Writes nothing. */
  check(sheet: BulkSheet, options?: { signal?: AbortSignal }): Promise<BulkCheckReport>;
  /**
   * Checks again, then records the run (or finds the unfinished run of the same file, to resume it).
   * Throws `BulkCheckFailedError` when any row has an error: nothing is recorded or written.
   */
  prepare(actor: Actor, sheet: BulkSheet, options?: { concurrency?: number }): Promise<{ run: BulkRunView; report: BulkCheckReport }>;
  /**
   * Works the run's remaining rows as its actor until none is left or it is cancelled. Throws
   * `RunInProgressError` while another live process holds it. Resolves with the run as it ended.
   */
  execute(runId: string, options?: ExecuteOptions): Promise<BulkRunView>;
  /** Asks the run to stop (from any process): rows in flight finish, the rest stay for a resume. */
  cancel(runId: string): Promise<BulkRunView>;
  /** Throws `NotFoundError` for an unknown id. */
  get(runId: string): Promise<BulkRunView>;
  rows(runId: string): Promise<BulkRowResult[]>;
  /** Newest first. */
  list(options?: { limit?: number }): Promise<BulkRunView[]>;
  /**
   * The results file: one row per input row, cells safe for spreadsheets. With `revealSecrets`, a finished run's
   * generated PINs and passwords are included once and then dropped from the store.
   */
  resultsCsv(runId: string, options: { revealSecrets: boolean }): Promise<ResultsCsv>;
  /** At start-up: runs held by a process that is gone become `interrupted` (resumable). Returns how many. */
  recoverInterrupted(): Promise<number>;
  /** The template file: the header and one example row. */
  templateCsv(kind: BulkKind): string;
}

export function bulkChanges(deps: BulkChangesDeps): BulkChanges {
  void deps;
  throw new InternalError('bulkChanges is not built yet');
}
