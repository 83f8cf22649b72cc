import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { NotFoundError, ValidationError } from '@washops/shared-errors';
import type { StoreDb } from './connection.js';
import {
  auditEvents,
  type AuditChannel,
  type AuditOutcome,
  type AuditState,
  type AuditSteps,
  type AuditTarget,
} from './schema.js';

export interface NewAuditEvent {
  correlationId: string;
  actor: string;
  channel: AuditChannel;
  operation: string;
  target: AuditTarget;
  input: Record<string, unknown>;
  /** The write's plan, when it has steps: all of them `remaining` until the write reports one done. */
  steps?: AuditSteps | null;
}

export interface AuditEvent extends NewAuditEvent {
  id: string;
  startedAt: Date;
  finishedAt: Date | null;
  state: AuditState;
  outcome: AuditOutcome | null;
  steps: AuditSteps | null;
}

/** since inclusive, until exclusive (instants on startedAt); employeeId matches target.employeeId. */
export interface AuditFilter {
  actor?: string;
  channel?: AuditChannel;
  operation?: string;
  state?: AuditState;
  since?: Date;
  until?: Date;
  employeeId?: number;
  posUserId?: number;
}

export interface AuditPage {
  events: AuditEvent[];
  nextCursor: string | null;
}

export type AuditEnd = { state: 'succeeded' | 'failed' | 'partial'; outcome: AuditOutcome; steps?: AuditSteps; target?: AuditTarget };

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 500;

/** The transaction-local setting the table's trigger requires before it lets a row be deleted. */
const RETENTION_SETTING = 'washops.audit_retention';

const eventColumns = {
  id: auditEvents.id,
  correlationId: auditEvents.correlationId,
  actor: auditEvents.actor,
  channel: auditEvents.channel,
  operation: auditEvents.operation,
  target: auditEvents.target,
  input: auditEvents.input,
  startedAt: auditEvents.startedAt,
  finishedAt: auditEvents.finishedAt,
  state: auditEvents.state,
  outcome: auditEvents.outcome,
  steps: auditEvents.steps,
};

/** startedAt to the microsecond (a Date keeps milliseconds): pages split exactly between equal-looking times. */
const startedAtExact = sql<string>`to_char(${auditEvents.startedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const NEWEST_FIRST = [sql`${auditEvents.startedAt} desc nulls last`, sql`${auditEvents.id} desc nulls last`];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXACT_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

interface Position {
  startedAt: string;
  id: string;
}

function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.startedAt, position.id])).toString('base64url');
}

/** A cursor comes back from a browser or a model: anything this code did not make is a ValidationError. */
function decodeCursor(cursor: string): Position {
  const invalid = () => new ValidationError('The page cursor is not valid; start again from the first page.', { details: { field: 'cursor' } });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [startedAt, id] = parsed as unknown[];
  if (typeof startedAt !== 'string' || !EXACT_INSTANT.test(startedAt) || Number.isNaN(Date.parse(startedAt))) throw invalid();
  if (typeof id !== 'string' || !UUID.test(id)) throw invalid();
  return { startedAt, id };
}

function filterConditions(filter: AuditFilter): SQL[] {
  const conditions: (SQL | undefined)[] = [
    filter.actor === undefined ? undefined : eq(auditEvents.actor, filter.actor),
    filter.channel === undefined ? undefined : eq(auditEvents.channel, filter.channel),
    filter.operation === undefined ? undefined : eq(auditEvents.operation, filter.operation),
    filter.state === undefined ? undefined : eq(auditEvents.state, filter.state),
    filter.since === undefined ? undefined : gte(auditEvents.startedAt, filter.since),
    filter.until === undefined ? undefined : lt(auditEvents.startedAt, filter.until),
    filter.employeeId === undefined ? undefined : eq(auditEvents.targetEmployeeId, filter.employeeId),
    filter.posUserId === undefined ? undefined : eq(auditEvents.targetPosUserId, filter.posUserId),
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

function pageLimit(limit: number | undefined): number {
  if (limit === undefined) return AUDIT_PAGE_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1) {
    throw new ValidationError(`The page size must be a whole number from 1 to ${AUDIT_PAGE_MAX}.`, { details: { field: 'limit' } });
  }
  return Math.min(limit, AUDIT_PAGE_MAX);
}

/** `target || update`: a target learned mid-write adds to what was known at the start. */
const mergedTarget = (target: AuditTarget) => sql`${auditEvents.target} || ${JSON.stringify(target)}::jsonb`;

/** Every matching event, newest first, one `list` page of `batchSize` at a time. */
export function streamOver(list: AuditQueries['list']): AuditQueries['stream'] {
  return async function* stream(filter, batchSize = AUDIT_PAGE_MAX) {
    let cursor: string | null = null;
    do {
      const page: AuditPage = await list(filter, { limit: batchSize, cursor });
      yield* page.events;
      cursor = page.nextCursor;
    } while (cursor);
  };
}

export interface AuditQueries {
  start(event: NewAuditEvent): Promise<AuditEvent>;
  progress(id: string, update: { target?: AuditTarget; steps?: AuditSteps }): Promise<void>;
  finish(id: string, end: AuditEnd): Promise<AuditEvent>;
  get(id: string): Promise<AuditEvent | null>;
  list(filter: AuditFilter, page?: { limit?: number; cursor?: string | null }): Promise<AuditPage>;
  stream(filter: AuditFilter, batchSize?: number): AsyncIterable<AuditEvent>;
  facets(): Promise<{ actors: string[]; operations: string[] }>;
  deleteFinishedBefore(cutoff: Date): Promise<number>;
}

export function auditQueries(db: StoreDb): AuditQueries {
  async function list(filter: AuditFilter, page: { limit?: number; cursor?: string | null } = {}): Promise<AuditPage> {
    const limit = pageLimit(page.limit);
    const conditions = filterConditions(filter);
    if (page.cursor) {
      const after = decodeCursor(page.cursor);
      conditions.push(sql`(${auditEvents.startedAt}, ${auditEvents.id}) < (${after.startedAt}::timestamptz, ${after.id}::uuid)`);
    }
    const rows = await db
      .select({ ...eventColumns, exact: startedAtExact })
      .from(auditEvents)
      .where(and(...conditions))
      .orderBy(...NEWEST_FIRST)
      .limit(limit + 1);
    const more = rows.length > limit;
    const kept = more ? rows.slice(0, limit) : rows;
    const last = kept.at(-1);
    return {
      events: kept.map(({ exact: _exact, ...event }) => event as AuditEvent),
      nextCursor: more && last ? encodeCursor({ startedAt: last.exact, id: last.id }) : null,
    };
  }

  return {
    /** Records a write about to be made: state `started`, startedAt = the database's now(). */
    async start(event: NewAuditEvent): Promise<AuditEvent> {
      const [created] = await db
        .insert(auditEvents)
        .values({ ...event, state: 'started' })
        .returning(eventColumns);
      return created as AuditEvent;
    },

    /** Only while `started`: merges a target learned mid-write, records the steps so far. A finished event is left alone. */
    async progress(id: string, update: { target?: AuditTarget; steps?: AuditSteps }): Promise<void> {
      if (!UUID.test(id) || (update.target === undefined && update.steps === undefined)) return;
      await db
        .update(auditEvents)
        .set({
          ...(update.target === undefined ? {} : { target: mergedTarget(update.target) }),
          ...(update.steps === undefined ? {} : { steps: update.steps }),
        })
        .where(and(eq(auditEvents.id, id), eq(auditEvents.state, 'started')));
    },

    /** Ends a started event once (target merged, finishedAt = now()). NotFoundError when there is no started event by that id. */
    async finish(id: string, end: AuditEnd): Promise<AuditEvent> {
      const [finished] = UUID.test(id)
        ? await db
            .update(auditEvents)
            .set({
              state: end.state,
              outcome: end.outcome,
              finishedAt: sql`now()`,
              ...(end.steps === undefined ? {} : { steps: end.steps }),
              ...(end.target === undefined ? {} : { target: mergedTarget(end.target) }),
            })
            .where(and(eq(auditEvents.id, id), eq(auditEvents.state, 'started')))
            .returning(eventColumns)
        : [];
      if (!finished) throw new NotFoundError('No audit event in progress has that id.', { details: { id } });
      return finished as AuditEvent;
    },

    async get(id: string): Promise<AuditEvent | null> {
      if (!UUID.test(id)) return null;
      const [event] = await db.select(eventColumns).from(auditEvents).where(eq(auditEvents.id, id));
      return (event as AuditEvent | undefined) ?? null;
    },

    /** Newest first (startedAt desc, id desc), keyset-paginated: limit default 50, at most 500; cursor opaque. */
    list,

    /** Every matching event newest first, fetched in batches (CSV downloads). */
    stream: streamOver(list),

    /** Distinct actors and operations seen, for filter choices. */
    async facets(): Promise<{ actors: string[]; operations: string[] }> {
      const actors = await db.selectDistinct({ value: auditEvents.actor }).from(auditEvents).orderBy(auditEvents.actor);
      const operations = await db.selectDistinct({ value: auditEvents.operation }).from(auditEvents).orderBy(auditEvents.operation);
      return { actors: actors.map((row) => row.value), operations: operations.map((row) => row.value) };
    },

    /** Retention: deletes events that finished before `cutoff`; the only DELETE the table's trigger allows. */
    async deleteFinishedBefore(cutoff: Date): Promise<number> {
      if (Number.isNaN(cutoff.getTime())) throw new ValidationError('The retention cutoff is not a date.', { details: { field: 'cutoff' } });
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config(${RETENTION_SETTING}, 'on', true)`);
        const deleted = await tx
          .delete(auditEvents)
          .where(and(sql`${auditEvents.finishedAt} is not null`, lt(auditEvents.finishedAt, cutoff)))
          .returning({ id: auditEvents.id });
        return deleted.length;
      });
    },
  };
}
