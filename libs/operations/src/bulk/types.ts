// Browser-safe: the shapes of bulk runs as every channel shows them. No store, no client, no node-only code.
import type { AuditChannel, BulkKind, BulkRowState, BulkRunState } from '@washops/store/constants';

export type { BulkKind, BulkRowState, BulkRunState } from '@washops/store/constants';
export { BULK_KINDS, BULK_ROW_STATES, BULK_RUN_STATES } from '@washops/store/constants';

/** The documented limits of a bulk file or list of rows (README, "Bulk changes"). */
export const BULK_LIMITS = {
  /** Largest file accepted, in bytes (1 MiB: about 5,000 hires). */
  maxFileBytes: 1_048_576,
  /** Most data rows in one file. */
  maxRows: 2_000,
  /** Most rows in one MCP call. */
  maxJsonRows: 100,
  /** Rows written at once unless told otherwise: the BackOffice is the tenant's live system. */
  defaultConcurrency: 2,
  maxConcurrency: 8,
} as const;

/** A file as uploaded or read from disk; `content` bytes are decoded as UTF-8 (a BOM is dropped). */
export interface BulkFile {
  name: string;
  content: string | Uint8Array;
}

/** A parsed file or list of rows, ready for the dry run: each row's cells as text, by column. */
export interface BulkSheet {
  kind: BulkKind;
  fileName: string;
  fileHash: string;
  columns: string[];
  rows: { rowNumber: number; cells: Record<string, string> }[];
}

/** One problem of a row: the column it is about (when it is about one) and what is wrong, in words. */
export interface BulkRowIssue {
  field?: string;
  message: string;
}

/** The dry run's verdict on a row: `warning` runs (for example a permission fallback); `error` blocks the whole run. */
export type BulkRowStatus = 'ok' | 'warning' | 'error';

export interface BulkCheckedRow {
  /** The row's number as a spreadsheet shows it: the header is row 1, the first data row 2. JSON rows: 1, 2, … */
  rowNumber: number;
  status: BulkRowStatus;
  errors: BulkRowIssue[];
  warnings: BulkRowIssue[];
  /** The row's cells as given, by column; a secret column's value is replaced by `[secret]`. */
  cells: Record<string, string>;
  /** Set when the same file's run already holds this row: its state there (`done` rows are skipped). */
  previous?: BulkRowState;
}

export interface BulkCheckReport {
  kind: BulkKind;
  fileName: string;
  /** SHA-256 of the parsed sheet (JSON rows: of their canonical JSON), secret cells blanked: the same file goes back to its run. */
  fileHash: string;
  /** The file's columns in its order. */
  columns: string[];
  rows: BulkCheckedRow[];
  counts: { total: number; ok: number; warning: number; error: number };
  /**
   * The run of the same file (the newest, whatever its state): running the file goes back to it. `remaining` is the
   * rows a resume works on (not yet run, unsettled, half done, failed with nothing applied); 0: nothing left to do.
   */
  resumes?: { runId: string; done: number; remaining: number };
}

/** Where a run is: counts by row state, speed and time left (null until a row has finished). */
export interface BulkProgress {
  total: number;
  done: number;
  failed: number;
  /**
   * Of `failed`, the rows half done: the employee exists, a later step did not finish. A run left with only these
   * stops `interrupted`: running the file again completes them.
   */
  partial: number;
  /** Rows not yet done or failed, those in flight included. */
  remaining: number;
  inFlight: number;
  /** Rows finished per minute in this process's stint on the run. */
  ratePerMinute: number | null;
  etaMs: number | null;
}

export interface BulkRunView {
  id: string;
  kind: BulkKind;
  fileName: string;
  fileHash: string;
  actor: { channel: AuditChannel; name: string };
  state: BulkRunState;
  concurrency: number;
  progress: BulkProgress;
  /** Whether the generated PINs and passwords are still held for the results file (they are dropped once shown). */
  secretsAvailable: boolean;
  /** When the results file with the secrets was handed out (they are gone after that). */
  secretsRevealedAt: string | null;
  createdAt: string;
  startedAt: string | null;
  updatedAt: string;
  finishedAt: string | null;
}

/** A row's outcome (no secrets: those appear only in the results file). */
export interface BulkRowResult {
  rowNumber: number;
  state: BulkRowState;
  employeeId: number | null;
  posUserId: number | null;
  email: string | null;
  /** Why it failed, or what is left to do by hand. */
  code: string | null;
  message: string | null;
  field: string | null;
  warnings: string[];
  /** Create: the Back Office user made for the row, if any. */
  backofficeUsername: string | null;
}

/** The results file's columns (README, "Bulk changes"): one row per input row. */
export const BULK_RESULT_COLUMNS = [
  'row',
  'outcome',
  'employeeId',
  'posUserId',
  'email',
  'posPin',
  'backofficeUsername',
  'backofficePassword',
  'warnings',
  'error',
] as const;
