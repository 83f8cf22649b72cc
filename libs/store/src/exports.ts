import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { NotFoundError, ValidationError } from '@washops/shared-errors';
import type { StoreDb } from './connection.js';
import { exports, type ExportState } from './schema.js';

/** An export's record, without its CSV text (read that with `readCsv`). */
export interface ExportRecord {
  id: string;
  ownerUserId: number;
  params: unknown;
  state: ExportState;
  pagesDone: number;
  pagesTotal: number | null;
  rowsWritten: number;
  error: string | null;
  csvPath: string | null;
  hasCsvContent: boolean;
  createdAt: Date;
  startedAt: Date | null;
  updatedAt: Date;
  finishedAt: Date | null;
}

export interface ExportProgress {
  pagesDone: number;
  pagesTotal?: number | null;
  rowsWritten: number;
}

/** Where the finished CSV is: a file under the data folder, or the text itself. */
export type ExportOutput = { rowsWritten: number } & ({ csvPath: string; csvContent?: never } | { csvContent: string; csvPath?: never });

const ACTIVE_STATES: ExportState[] = ['queued', 'running'];

const recordColumns = {
  id: exports.id,
  ownerUserId: exports.ownerUserId,
  params: exports.params,
  state: exports.state,
  pagesDone: exports.pagesDone,
  pagesTotal: exports.pagesTotal,
  rowsWritten: exports.rowsWritten,
  error: exports.error,
  csvPath: exports.csvPath,
  hasCsvContent: sql<boolean>`${exports.csvContent} is not null`.as('has_csv_content'),
  createdAt: exports.createdAt,
  startedAt: exports.startedAt,
  updatedAt: exports.updatedAt,
  finishedAt: exports.finishedAt,
};

const isActive = (id: string) => and(eq(exports.id, id), inArray(exports.state, ACTIVE_STATES));

export function exportQueries(db: StoreDb) {
  return {
    /** Records a new export; `running` (the default) when work starts at once, `queued` when a job will pick it up. */
    async create(input: { ownerUserId: number; params: unknown; state?: 'queued' | 'running' }): Promise<ExportRecord> {
      const state = input.state ?? 'running';
      const [record] = await db
        .insert(exports)
        .values({ ownerUserId: input.ownerUserId, params: input.params ?? {}, state, startedAt: state === 'running' ? sql`now()` : null })
        .returning(recordColumns);
      return record as ExportRecord;
    },

    /** Notes progress of an active export (a queued one becomes running). Null when it is no longer active. */
    async progress(id: string, progress: ExportProgress): Promise<ExportRecord | null> {
      if (!isUuid(id)) return null;
      const [record] = await db
        .update(exports)
        .set({
          state: 'running',
          startedAt: sql`coalesce(${exports.startedAt}, now())`,
          pagesDone: progress.pagesDone,
          ...(progress.pagesTotal === undefined ? {} : { pagesTotal: progress.pagesTotal }),
          rowsWritten: progress.rowsWritten,
          updatedAt: sql`now()`,
        })
        .where(isActive(id))
        .returning(recordColumns);
      return record ?? null;
    },

    /** Marks an active export finished with its CSV. Null when it is no longer active (interrupted, failed). */
    async finish(id: string, output: ExportOutput): Promise<ExportRecord | null> {
      if ((output.csvPath === undefined) === (output.csvContent === undefined)) {
        throw new ValidationError('A finished export needs exactly one of csvPath and csvContent.', { details: { field: 'csvPath' } });
      }
      if (!isUuid(id)) return null;
      const [record] = await db
        .update(exports)
        .set({
          state: 'finished',
          rowsWritten: output.rowsWritten,
          csvPath: output.csvPath ?? null,
          csvContent: output.csvContent ?? null,
          updatedAt: sql`now()`,
          finishedAt: sql`now()`,
        })
        .where(isActive(id))
        .returning(recordColumns);
      return record ?? null;
    },

    /** Marks an active export failed with a message fit to show its owner. */
    async fail(id: string, message: string): Promise<ExportRecord | null> {
      if (!isUuid(id)) return null;
      const [record] = await db
        .update(exports)
        .set({ state: 'failed', error: message, updatedAt: sql`now()`, finishedAt: sql`now()` })
        .where(isActive(id))
        .returning(recordColumns);
      return record ?? null;
    },

    /**
     * At start-up: every export still queued or running was cut off by a stop, so it becomes
     * `interrupted` (shown with a button to run it again). Returns those marked.
     */
    async markActiveInterrupted(): Promise<ExportRecord[]> {
      return db
        .update(exports)
        .set({ state: 'interrupted', error: 'The server stopped while this export was running.', updatedAt: sql`now()` })
        .where(inArray(exports.state, ACTIVE_STATES))
        .returning(recordColumns);
    },

    /** The owner's exports, newest first. */
    async listForOwner(ownerUserId: number, { limit = 50 } = {}): Promise<ExportRecord[]> {
      return db
        .select(recordColumns)
        .from(exports)
        .where(eq(exports.ownerUserId, ownerUserId))
        .orderBy(desc(exports.createdAt), desc(exports.id))
        .limit(Math.min(Math.max(1, limit), 500));
    },

    async get(id: string): Promise<ExportRecord | null> {
      if (!isUuid(id)) return null;
      const [record] = await db.select(recordColumns).from(exports).where(eq(exports.id, id));
      return record ?? null;
    },

    /** The CSV text of a finished export kept in the database. */
    async readCsv(id: string): Promise<string> {
      const [row] = isUuid(id)
        ? await db.select({ csv: exports.csvContent }).from(exports).where(and(eq(exports.id, id), eq(exports.state, 'finished')))
        : [];
      if (!row || row.csv === null) throw new NotFoundError('No finished export with its CSV in the database has that id.', { details: { id } });
      return row.csv;
    },
  };
}

export type ExportQueries = ReturnType<typeof exportQueries>;

/** Ids come from URLs: a malformed one is "not found", not a database error. */
function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}
