import { hostname } from 'node:os';
import { parseInput } from '@washops/client-core';
import { BulkCheckFailedError } from '@washops/shared-errors';
import type { Store } from '@washops/store';
import type { Actor } from '../actor.js';
import { actorSchema } from '../audit-rules.js';
import type { OperationsLogger } from '../audited-write.js';
import type { BackofficeConnection } from '../connection.js';
import type { Operations } from '../operations.js';
import { checkSheet, type PreviousRun } from './check.js';
import { concurrencyOf, executeRun, isLeftToWork, leaseRules } from './execute.js';
import { resultsFile, rowResult, viewsOf } from './results.js';
import { parseCsvSheet, sheetOfJsonRows } from './sheet.js';
import { bulkTemplateCsv } from './template.js';
import { BULK_LIMITS, type BulkCheckReport, type BulkFile, type BulkKind, type BulkProgress, type BulkRowResult, type BulkRunView, type BulkSheet } from './types.js';

export type { BulkSheet } from './types.js';

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
  /** Who does this stint's writes, as the audit log names them (default: the run's creator, whom the run keeps). */
  actor?: Actor;
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
   * Checks again, then records the run, or finds the run of the same file whatever its state (to resume it, or to
   * hand back a finished one).
   * Throws `BulkCheckFailedError` when any row has an error: nothing is recorded or written.
   */
  prepare(actor: Actor, sheet: BulkSheet, options?: { concurrency?: number }): Promise<{ run: BulkRunView; report: BulkCheckReport }>;
  /**
   * Works the run's remaining rows, as `options.actor` (else the run's creator), until none is left or it is cancelled; a finished run with failed rows whose error
   * says nothing was applied is opened again for them, one with nothing left is returned as it is. Throws
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
  const { store } = deps;
  const reads = deps.backoffice.reads;
  const runDeps = { store, operations: deps.operations, reads, logger: deps.logger };

  async function previousRun(kind: BulkKind, fileHash: string): Promise<PreviousRun | undefined> {
    const run = await store.bulkRuns.findLatest(kind, fileHash);
    if (!run) return undefined;
    const rows = await store.bulkRuns.rows(run.id);
    return {
      runId: run.id,
      states: new Map(rows.map((row) => [row.rowNumber, row.state])),
      toWork: new Set(rows.filter(isLeftToWork).map((row) => row.rowNumber)),
    };
  }

  async function view(runId: string): Promise<BulkRunView> {
    const [only] = await viewsOf(store, [await store.bulkRuns.get(runId)]);
    return only as BulkRunView;
  }

  return {
    parseCsv: (kind, file) => parseCsvSheet(kind, file),
    sheetOfRows: (kind, rows, name) => sheetOfJsonRows(kind, rows, name),

    async check(sheet, options = {}) {
      return (await checkSheet(reads, sheet, await previousRun(sheet.kind, sheet.fileHash), options.signal)).report;
    },

    async prepare(actor, sheet, options = {}) {
      const who = parseInput(actorSchema, actor, 'actor');
      const concurrency = concurrencyOf(options.concurrency, BULK_LIMITS.defaultConcurrency);
      const { report, inputs } = await checkSheet(reads, sheet, await previousRun(sheet.kind, sheet.fileHash));
      const errorRows = report.rows.filter((row) => row.status === 'error').map((row) => row.rowNumber);
      if (errorRows.length > 0) {
        const shown = errorRows.slice(0, 20).join(', ') + (errorRows.length > 20 ? ', …' : '');
        throw new BulkCheckFailedError(`${errorRows.length} row${errorRows.length > 1 ? 's have' : ' has'} errors (row ${shown}); nothing was written. Fix them and check again.`, {
          details: { errorRows, counts: report.counts },
        });
      }
      const { run } = await store.bulkRuns.createOrFindLatest({
        kind: sheet.kind,
        fileName: sheet.fileName,
        fileHash: sheet.fileHash,
        actor: { channel: who.channel, name: who.name },
        concurrency,
        rows: inputs,
      });
      return { run: await view(run.id), report };
    },

    async execute(runId, options = {}) {
      const actor = options.actor === undefined ? undefined : parseInput(actorSchema, options.actor, 'actor');
      const ended = await executeRun(runDeps, await store.bulkRuns.get(runId), { ...options, actor });
      return view(ended.id);
    },

    async cancel(runId) {
      await store.bulkRuns.requestCancel(runId);
      return view(runId);
    },

    get: view,

    async rows(runId) {
      await store.bulkRuns.get(runId);
      return (await store.bulkRuns.rows(runId)).map(rowResult);
    },

    async list(options = {}) {
      return viewsOf(store, await store.bulkRuns.list(options));
    },

    async resultsCsv(runId, options) {
      const run = await store.bulkRuns.get(runId);
      const rows = await store.bulkRuns.rows(runId);
      const secrets = options.revealSecrets ? await store.bulkRuns.readSecrets(runId) : null;
      const file = resultsFile(run, rows, secrets);
      // Shown once: a finished run's secrets go as soon as its file with them is handed out (a failed row's unused ones too).
      if (secrets && secrets.size > 0 && run.state === 'finished') await store.bulkRuns.dropSecrets(runId);
      return file;
    },

    async recoverInterrupted() {
      return (await store.bulkRuns.markInterrupted(hostname(), leaseRules)).length;
    },

    templateCsv: bulkTemplateCsv,
  };
}
