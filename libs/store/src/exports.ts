import { and, count, desc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
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
  errorCode: string | null;
  /** The public details of the error (its log reference), never a secret. */
  errorDetails: Record<string, unknown> | null;
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

/** The running limits of `createWithinLimits`: active exports per owner and in the whole database. */
export interface ExportLimits {
  perOwner: number;
  overall: number;
}

/** A new export, or which running limit refused it. */
export type LimitedCreate = { created: ExportRecord; refused?: never } | { refused: 'perOwner' | 'overall'; limit: number; created?: never };

/** How long ended exports are kept: `keepPerOwner` newest per owner, none older than `olderThanMs`. */
export interface ExportRetention {
  olderThanMs: number;
  keepPerOwner: number;
}

/** The `error` of an export whose process stopped while it ran; its `errorCode` is `INTERRUPTED`. */
export const INTERRUPTED_MESSAGE = 'The server stopped while this export ran.';
export const INTERRUPTED_CODE = 'INTERRUPTED';

const ACTIVE_STATES: ExportState[] = ['queued', 'running'];

/** Serializes the count-then-insert of `createWithinLimits` across every instance on the database. */
const EXPORT_LIMITS_LOCK_KEY = 1_467_011_403;

const recordColumns = {
  id: exports.id,
  ownerUserId: exports.ownerUserId,
  params: exports.params,
  state: exports.state,
  pagesDone: exports.pagesDone,
  pagesTotal: exports.pagesTotal,
  rowsWritten: exports.rowsWritten,
  error: exports.error,
  errorCode: exports.errorCode,
  errorDetails: exports.errorDetails,
  csvPath: exports.csvPath,
  hasCsvContent: sql<boolean>`${exports.csvContent} is not null`.as('has_csv_content'),
  createdAt: exports.createdAt,
  startedAt: exports.startedAt,
  updatedAt: exports.updatedAt,
  finishedAt: exports.finishedAt,
};

const isActive = (id: string) => and(eq(exports.id, id), inArray(exports.state, ACTIVE_STATES));

/** `ms` before the database's clock: every instance compares against one clock, not its own. */
const msAgo = (ms: number) => sql`now() - (${ms}::double precision * interval '1 millisecond')`;

export function exportQueries(db: StoreDb) {
  /** Ends an export that is still active; null when it already ended. */
  async function endActive(
    id: string,
    values: { state: 'failed' | 'interrupted'; error: string; errorCode: string | null; errorDetails?: Record<string, unknown> | null },
  ): Promise<ExportRecord | null> {
    if (!isUuid(id)) return null;
    const [record] = await db
      .update(exports)
      .set({ ...values, updatedAt: sql`now()`, finishedAt: sql`now()` })
      .where(isActive(id))
      .returning(recordColumns);
    return record ?? null;
  }

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

    /**
     * Records a new running export unless the owner or the whole database already has `limits`
     * active ones. Counted and inserted under one transaction lock, so instances sharing the
     * database cannot both pass the check.
     */
    async createWithinLimits(input: { ownerUserId: number; params: unknown; limits: ExportLimits }): Promise<LimitedCreate> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${EXPORT_LIMITS_LOCK_KEY})`);
        const [row] = await tx
          .select({
            overall: count(),
            owner: sql<number>`count(*) filter (where ${exports.ownerUserId} = ${input.ownerUserId})`.mapWith(Number),
          })
          .from(exports)
          .where(inArray(exports.state, ACTIVE_STATES));
        if ((row?.owner ?? 0) >= input.limits.perOwner) return { refused: 'perOwner', limit: input.limits.perOwner };
        if ((row?.overall ?? 0) >= input.limits.overall) return { refused: 'overall', limit: input.limits.overall };
        const [created] = await tx
          .insert(exports)
          .values({ ownerUserId: input.ownerUserId, params: input.params ?? {}, state: 'running', startedAt: sql`now()` })
          .returning(recordColumns);
        return { created: created as ExportRecord };
      });
    },

    /** The running process is alive: refreshes an active export. False when it is no longer active (cancelled, interrupted). */
    async heartbeat(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const touched = await db.update(exports).set({ updatedAt: sql`now()` }).where(isActive(id)).returning({ id: exports.id });
      return touched.length > 0;
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
          pagesDone: sql`greatest(${exports.pagesDone}, coalesce(${exports.pagesTotal}, 0))`,
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

    /** Marks an active export failed with a message fit to show its owner (and its public error code and details). */
    async fail(id: string, message: string, publicError: { code?: string; details?: Record<string, unknown> } = {}): Promise<ExportRecord | null> {
      return endActive(id, { state: 'failed', error: message, errorCode: publicError.code ?? null, errorDetails: publicError.details ?? null });
    },

    /** Cancels the owner's active export. Null when it is not theirs; an export already ended is returned unchanged. */
    async cancel(id: string, ownerUserId: number): Promise<ExportRecord | null> {
      if (!isUuid(id)) return null;
      const [cancelled] = await db
        .update(exports)
        .set({ state: 'cancelled', updatedAt: sql`now()`, finishedAt: sql`now()` })
        .where(and(isActive(id), eq(exports.ownerUserId, ownerUserId)))
        .returning(recordColumns);
      if (cancelled) return cancelled;
      const [current] = await db
        .select(recordColumns)
        .from(exports)
        .where(and(eq(exports.id, id), eq(exports.ownerUserId, ownerUserId)));
      return current ?? null;
    },

    /** Marks one active export interrupted (its process is stopping and cannot finish it). */
    async interrupt(id: string): Promise<ExportRecord | null> {
      return endActive(id, { state: 'interrupted', error: INTERRUPTED_MESSAGE, errorCode: INTERRUPTED_CODE });
    },

    /**
     * Every export still queued or running whose record no process has refreshed for `staleAfterMs`
     * lost its process: it becomes `interrupted` (shown with a button to run it again). An export
     * another live instance runs is refreshed by it, so it is left alone. Returns those marked.
     */
    async markStaleInterrupted(staleAfterMs: number): Promise<ExportRecord[]> {
      return db
        .update(exports)
        .set({ state: 'interrupted', error: INTERRUPTED_MESSAGE, errorCode: INTERRUPTED_CODE, updatedAt: sql`now()`, finishedAt: sql`now()` })
        .where(and(inArray(exports.state, ACTIVE_STATES), lt(exports.updatedAt, msAgo(staleAfterMs))))
        .returning(recordColumns);
    },

    /**
     * Deletes ended exports (finished, failed, cancelled, interrupted) that ended more than
     * `olderThanMs` ago, and each owner's beyond their `keepPerOwner` newest. Active ones are never
     * deleted. Returns how many went.
     */
    async deleteEnded(retention: ExportRetention): Promise<number> {
      const ended = notInArray(exports.state, ACTIVE_STATES);
      const ranked = db
        .select({
          id: exports.id,
          rank: sql<number>`row_number() over (partition by ${exports.ownerUserId} order by ${exports.createdAt} desc, ${exports.id} desc)`.as('rank'),
        })
        .from(exports)
        .where(ended)
        .as('ranked');
      const beyondCount = db.select({ id: ranked.id }).from(ranked).where(sql`${ranked.rank} > ${Math.max(0, retention.keepPerOwner)}`);
      const deleted = await db
        .delete(exports)
        .where(and(ended, sql`(${lt(sql`coalesce(${exports.finishedAt}, ${exports.updatedAt})`, msAgo(retention.olderThanMs))} or ${inArray(exports.id, beyondCount)})`))
        .returning({ id: exports.id });
      return deleted.length;
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
