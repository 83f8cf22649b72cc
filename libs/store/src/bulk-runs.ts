import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { NotFoundError } from '@washops/shared-errors';
import type { StoreDb } from './connection.js';
import type { BulkRowEnd, BulkRowRecord, BulkRunCounts, BulkRunRecord, LeaseHolder, LeaseResult, LeaseRules, NewBulkRun } from './bulk-run-types.js';
import type { BulkKind, BulkRowState, BulkRunState } from './constants.js';
import { bulkRunRows, bulkRuns } from './schema.js';

export const UNFINISHED_RUN_STATES: BulkRunState[] = ['queued', 'running', 'cancelling', 'cancelled', 'interrupted'];
const HELD_STATES: BulkRunState[] = ['running', 'cancelling'];
/** Serializes find-or-create of a run per file, so two processes preparing the same file get one run. */
const BULK_RUN_LOCK_KEY = 1_467_011_417;

const runColumns = {
  id: bulkRuns.id,
  kind: bulkRuns.kind,
  fileName: bulkRuns.fileName,
  fileHash: bulkRuns.fileHash,
  actorChannel: bulkRuns.actorChannel,
  actorName: bulkRuns.actorName,
  state: bulkRuns.state,
  concurrency: bulkRuns.concurrency,
  rowsTotal: bulkRuns.rowsTotal,
  leaseHolder: bulkRuns.leaseHolder,
  leaseHost: bulkRuns.leaseHost,
  leasePid: bulkRuns.leasePid,
  leaseHeartbeatAt: bulkRuns.leaseHeartbeatAt,
  cancelRequested: bulkRuns.cancelRequested,
  secretsRevealedAt: bulkRuns.secretsRevealedAt,
  createdAt: bulkRuns.createdAt,
  startedAt: bulkRuns.startedAt,
  updatedAt: bulkRuns.updatedAt,
  finishedAt: bulkRuns.finishedAt,
};

function toRun(r: typeof bulkRuns.$inferSelect): BulkRunRecord {
  return {
    id: r.id,
    kind: r.kind,
    fileName: r.fileName,
    fileHash: r.fileHash,
    actor: { channel: r.actorChannel, name: r.actorName },
    state: r.state,
    concurrency: r.concurrency,
    rowsTotal: r.rowsTotal,
    lease: r.leaseHolder === null ? null : { id: r.leaseHolder, host: r.leaseHost ?? '', pid: r.leasePid ?? 0, heartbeatAt: r.leaseHeartbeatAt },
    cancelRequested: r.cancelRequested,
    secretsRevealedAt: r.secretsRevealedAt,
    createdAt: r.createdAt,
    startedAt: r.startedAt,
    updatedAt: r.updatedAt,
    finishedAt: r.finishedAt,
  };
}

const rowColumns = {
  runId: bulkRunRows.runId,
  rowNumber: bulkRunRows.rowNumber,
  input: bulkRunRows.input,
  state: bulkRunRows.state,
  attempts: bulkRunRows.attempts,
  employeeId: bulkRunRows.employeeId,
  outcome: bulkRunRows.outcome,
  error: bulkRunRows.error,
  hasSecrets: sql<boolean>`${bulkRunRows.secrets} is not null`.as('has_secrets'),
  updatedAt: bulkRunRows.updatedAt,
};

/** `ms` before the database's clock: every process compares against one clock. */
const msAgo = (ms: number) => sql`now() - (${ms}::double precision * interval '1 millisecond')`;

/** A holder is gone when its heartbeat is stale, or when it ran on the caller's host and its pid is dead. */
function holderGone(run: BulkRunRecord, stale: boolean, caller: LeaseHolder, rules: LeaseRules): boolean {
  if (!run.lease) return true;
  if (stale) return true;
  return run.lease.host === caller.host && rules.isDeadOnThisHost !== undefined && rules.isDeadOnThisHost(run.lease.pid);
}

export function bulkRunQueries(db: StoreDb) {
  const selectRun = (id: string) => db.select(runColumns).from(bulkRuns).where(eq(bulkRuns.id, id));

  async function requireRun(id: string): Promise<BulkRunRecord> {
    const [row] = isUuid(id) ? await selectRun(id) : [];
    if (!row) throw new NotFoundError('No bulk run has that id.', { details: { runId: id } });
    return toRun(row);
  }

  return {
    /**
     * The run of the same file (kind and hash) when there is one, whatever its state (the newest), else a new
     * `queued` run with its rows, all in one transaction under a lock: two processes preparing one file get one run.
     */
    async createOrFindLatest(input: NewBulkRun): Promise<{ run: BulkRunRecord; created: boolean }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${BULK_RUN_LOCK_KEY})`);
        const [existing] = await tx
          .select(runColumns)
          .from(bulkRuns)
          .where(and(eq(bulkRuns.kind, input.kind), eq(bulkRuns.fileHash, input.fileHash)))
          .orderBy(desc(bulkRuns.createdAt))
          .limit(1);
        if (existing) return { run: toRun(existing), created: false };
        const [created] = await tx
          .insert(bulkRuns)
          .values({
            kind: input.kind,
            fileName: input.fileName,
            fileHash: input.fileHash,
            actorChannel: input.actor.channel,
            actorName: input.actor.name,
            state: 'queued',
            concurrency: input.concurrency,
            rowsTotal: input.rows.length,
          })
          .returning(runColumns);
        const run = toRun(created as typeof bulkRuns.$inferSelect);
        // In slices: one statement's parameters are limited (65,535), and a row has four.
        for (let i = 0; i < input.rows.length; i += 1_000) {
          const slice = input.rows.slice(i, i + 1_000).map((row) => ({ runId: run.id, rowNumber: row.rowNumber, input: row.input, secrets: row.secrets ?? null }));
          await tx.insert(bulkRunRows).values(slice);
        }
        return { run, created: true };
      });
    },

    /** The newest run of a file whatever its state (finished ones too: the same file always comes back to its run), or null. */
    async findLatest(kind: BulkKind, fileHash: string): Promise<BulkRunRecord | null> {
      const [row] = await db
        .select(runColumns)
        .from(bulkRuns)
        .where(and(eq(bulkRuns.kind, kind), eq(bulkRuns.fileHash, fileHash)))
        .orderBy(desc(bulkRuns.createdAt))
        .limit(1);
      return row ? toRun(row) : null;
    },

    /** Throws `NotFoundError` for an unknown (or malformed) id. */
    get: requireRun,

    /** Newest first (at most 500). */
    async list({ limit = 50 }: { limit?: number } = {}): Promise<BulkRunRecord[]> {
      const rows = await db
        .select(runColumns)
        .from(bulkRuns)
        .orderBy(desc(bulkRuns.createdAt), desc(bulkRuns.id))
        .limit(Math.min(Math.max(1, limit), 500));
      return rows.map(toRun);
    },

    /** The run's rows in row order (without secrets). */
    async rows(runId: string): Promise<BulkRowRecord[]> {
      if (!isUuid(runId)) return [];
      return db.select(rowColumns).from(bulkRunRows).where(eq(bulkRunRows.runId, runId)).orderBy(asc(bulkRunRows.rowNumber));
    },

    /** Rows by state per run (every state present, zero when none), and how many rows still hold secrets. */
    async counts(runIds: string[]): Promise<Map<string, BulkRunCounts>> {
      const ids = runIds.filter(isUuid);
      const result = new Map<string, BulkRunCounts>(ids.map((id) => [id, { byState: { pending: 0, running: 0, partial: 0, done: 0, failed: 0 }, withSecrets: 0 }]));
      if (ids.length === 0) return result;
      const rows = await db
        .select({
          runId: bulkRunRows.runId,
          state: bulkRunRows.state,
          n: sql<number>`count(*)`.mapWith(Number),
          withSecrets: sql<number>`count(${bulkRunRows.secrets})`.mapWith(Number),
        })
        .from(bulkRunRows)
        .where(inArray(bulkRunRows.runId, ids))
        .groupBy(bulkRunRows.runId, bulkRunRows.state);
      for (const row of rows) {
        const counts = result.get(row.runId);
        if (!counts) continue;
        counts.byState[row.state] = row.n;
        counts.withSecrets += row.withSecrets;
      }
      return result;
    },

    /**
     * Takes the run's lease atomically: granted when it is free, already the caller's, or its holder is gone (stale
     * heartbeat, or a dead pid on the caller's host). The run becomes `running` and its cancel flag is cleared.
     * A finished run is leased again only with `reopenFinished` (the caller found rows left to work); else it is
     * returned as it is, with no lease.
     */
    async acquire(runId: string, holder: LeaseHolder, rules: LeaseRules, options: { reopenFinished?: boolean } = {}): Promise<LeaseResult> {
      await requireRun(runId);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ ...runColumns, stale: sql<boolean>`coalesce(${bulkRuns.leaseHeartbeatAt} < ${msAgo(rules.staleAfterMs)}, true)` })
          .from(bulkRuns)
          .where(eq(bulkRuns.id, runId))
          .for('update');
        const run = toRun(row as typeof bulkRuns.$inferSelect);
        if (run.state === 'finished' && !options.reopenFinished) return { run };
        if (run.lease && run.lease.id !== holder.id && !holderGone(run, Boolean(row?.stale), holder, rules)) return { heldBy: run.lease };
        const [taken] = await tx
          .update(bulkRuns)
          .set({
            leaseHolder: holder.id,
            leaseHost: holder.host,
            leasePid: holder.pid,
            leaseHeartbeatAt: sql`now()`,
            state: 'running',
            cancelRequested: false,
            startedAt: sql`coalesce(${bulkRuns.startedAt}, now())`,
            finishedAt: null,
            updatedAt: sql`now()`,
          })
          .where(eq(bulkRuns.id, runId))
          .returning(runColumns);
        return { run: toRun(taken as typeof bulkRuns.$inferSelect) };
      });
    },

    /** The holder is alive. Returns whether it still holds the run and whether a cancel was asked. */
    async heartbeat(runId: string, holderId: string): Promise<{ held: boolean; cancelRequested: boolean }> {
      if (!isUuid(runId)) return { held: false, cancelRequested: false };
      const [row] = await db
        .update(bulkRuns)
        .set({ leaseHeartbeatAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(bulkRuns.id, runId), eq(bulkRuns.leaseHolder, holderId)))
        .returning({ cancelRequested: bulkRuns.cancelRequested });
      return row ? { held: true, cancelRequested: row.cancelRequested } : { held: false, cancelRequested: false };
    },

    /** Ends the holder's lease with the run's end state; null when the caller no longer holds it. */
    async release(runId: string, holderId: string, state: 'finished' | 'cancelled' | 'interrupted'): Promise<BulkRunRecord | null> {
      if (!isUuid(runId)) return null;
      const [row] = await db
        .update(bulkRuns)
        .set({ leaseHolder: null, leaseHost: null, leasePid: null, leaseHeartbeatAt: null, state, updatedAt: sql`now()`, finishedAt: sql`now()` })
        .where(and(eq(bulkRuns.id, runId), eq(bulkRuns.leaseHolder, holderId)))
        .returning(runColumns);
      return row ? toRun(row) : null;
    },

    /**
     * Asks the run to stop, from any process: a held run becomes `cancelling` (its holder stops after the rows in
     * flight), an unheld unfinished one `cancelled` at once. A finished run is returned unchanged.
     */
    async requestCancel(runId: string): Promise<BulkRunRecord> {
      await requireRun(runId);
      await db
        .update(bulkRuns)
        .set({
          cancelRequested: true,
          state: sql`case when ${bulkRuns.leaseHolder} is null then 'cancelled' else 'cancelling' end`,
          finishedAt: sql`case when ${bulkRuns.leaseHolder} is null then now() else ${bulkRuns.finishedAt} end`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(bulkRuns.id, runId), inArray(bulkRuns.state, ['queued', 'running', 'cancelling', 'interrupted'])));
      return requireRun(runId);
    },

    async isCancelRequested(runId: string): Promise<boolean> {
      return (await requireRun(runId)).cancelRequested;
    },

    /**
     * Claims a row for its write: it becomes `running` (attempts + 1) with its secrets, only when it is in one of
     * `from` and the caller holds the run's lease. False when another claim got there first or the lease is lost.
     */
    async startRow(runId: string, rowNumber: number, claim: { holderId: string; from: BulkRowState[]; secrets: Record<string, string | number> | null }): Promise<boolean> {
      const held = sql`exists (select 1 from ${bulkRuns} where ${bulkRuns.id} = ${runId} and ${bulkRuns.leaseHolder} = ${claim.holderId})`;
      const claimed = await db
        .update(bulkRunRows)
        .set({ state: 'running', attempts: sql`${bulkRunRows.attempts} + 1`, secrets: claim.secrets, updatedAt: sql`now()` })
        .where(and(eq(bulkRunRows.runId, runId), eq(bulkRunRows.rowNumber, rowNumber), inArray(bulkRunRows.state, claim.from), held))
        .returning({ rowNumber: bulkRunRows.rowNumber });
      return claimed.length > 0;
    },

    /** Records how a row ended (or stands: `partial`). */
    async endRow(runId: string, rowNumber: number, end: BulkRowEnd): Promise<void> {
      await db
        .update(bulkRunRows)
        .set({
          state: end.state,
          ...(end.employeeId === undefined ? {} : { employeeId: end.employeeId }),
          outcome: end.outcome ?? null,
          error: end.error ?? null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(bulkRunRows.runId, runId), eq(bulkRunRows.rowNumber, rowNumber)));
    },

    /** The secrets still held, by row number. */
    async readSecrets(runId: string): Promise<Map<number, Record<string, string | number>>> {
      if (!isUuid(runId)) return new Map();
      const rows = await db
        .select({ rowNumber: bulkRunRows.rowNumber, secrets: bulkRunRows.secrets })
        .from(bulkRunRows)
        .where(and(eq(bulkRunRows.runId, runId), sql`${bulkRunRows.secrets} is not null`))
        .orderBy(asc(bulkRunRows.rowNumber));
      return new Map(rows.map((row) => [row.rowNumber, row.secrets ?? {}]));
    },

    /** Forgets every secret of the run and notes when they were shown. */
    async dropSecrets(runId: string): Promise<BulkRunRecord> {
      await requireRun(runId);
      return db.transaction(async (tx) => {
        await tx.update(bulkRunRows).set({ secrets: null }).where(eq(bulkRunRows.runId, runId));
        const [row] = await tx
          .update(bulkRuns)
          .set({ secretsRevealedAt: sql`coalesce(${bulkRuns.secretsRevealedAt}, now())`, updatedAt: sql`now()` })
          .where(eq(bulkRuns.id, runId))
          .returning(runColumns);
        return toRun(row as typeof bulkRuns.$inferSelect);
      });
    },

    /**
     * Runs held by a process that is gone (stale heartbeat, or a dead pid on `host`) become `interrupted`, their
     * lease cleared: resumable. Returns those marked.
     */
    async markInterrupted(host: string, rules: LeaseRules): Promise<BulkRunRecord[]> {
      return db.transaction(async (tx) => {
        const held = await tx
          .select({ ...runColumns, stale: sql<boolean>`coalesce(${bulkRuns.leaseHeartbeatAt} < ${msAgo(rules.staleAfterMs)}, true)` })
          .from(bulkRuns)
          .where(inArray(bulkRuns.state, HELD_STATES))
          .for('update');
        const caller = { id: '', host, pid: 0 };
        const gone = held.filter((row) => holderGone(toRun(row), Boolean(row.stale), caller, rules)).map((row) => row.id);
        if (gone.length === 0) return [];
        const rows = await tx
          .update(bulkRuns)
          .set({ state: 'interrupted', leaseHolder: null, leaseHost: null, leasePid: null, leaseHeartbeatAt: null, updatedAt: sql`now()`, finishedAt: sql`now()` })
          .where(inArray(bulkRuns.id, gone))
          .returning(runColumns);
        return rows.map(toRun);
      });
    },
  };
}

export type BulkRunQueries = ReturnType<typeof bulkRunQueries>;

/** Ids come from URLs: a malformed one is "not found", not a database error. */
function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}
