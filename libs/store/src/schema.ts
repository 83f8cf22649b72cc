import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import * as reportTables from './reports/schema.js';
import * as warehouseTables from './warehouse/schema.js';
import * as resourceTables from './dataapi/schema.js';
import * as kpiTables from './kpis/schema.js';
import * as digestTables from './digest/schema.js';
import * as mcpSessionTables from './mcp-sessions/schema.js';
import {
  AUDIT_CHANNELS,
  AUDIT_STATES,
  BULK_KINDS,
  BULK_ROW_STATES,
  BULK_RUN_STATES,
  EXPORT_STATES,
  PORTAL_ROLES,
  type AuditOutcome,
  type BulkRowError,
  type AuditSteps,
  type AuditTarget,
} from './constants.js';

export { AUDIT_CHANNELS, AUDIT_STATES, BULK_KINDS, BULK_ROW_STATES, BULK_RUN_STATES, EXPORT_STATES, PORTAL_ROLES } from './constants.js';
export type { AuditChannel, AuditOutcome, AuditState, AuditSteps, AuditTarget, ExportState, PortalRole } from './constants.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const portalUsers = pgTable(
  'portal_users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull().unique(),
    role: text('role', { enum: PORTAL_ROLES }).notNull(),
    /** `scrypt$…`; never a clear password. */
    passwordHash: text('password_hash').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [check('portal_users_role_check', sql`${t.role} in ('admin', 'viewer')`)],
);

export const portalSessions = pgTable(
  'portal_sessions',
  {
    /** SHA-256 of the cookie's token: the primary key is the one index a session check reads. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => portalUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('portal_sessions_user_id_idx').on(t.userId), index('portal_sessions_expires_at_idx').on(t.expiresAt)],
);

export const signInThrottle = pgTable('sign_in_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  nextAllowedAt: timestamp('next_allowed_at', { withTimezone: true }).notNull(),
});

export const exports = pgTable(
  'exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => portalUsers.id, { onDelete: 'cascade' }),
    /** What was asked for (date range, site, kind), as the caller's plain JSON. */
    params: jsonb('params').notNull(),
    state: text('state', { enum: EXPORT_STATES }).notNull(),
    pagesDone: integer('pages_done').notNull().default(0),
    pagesTotal: integer('pages_total'),
    rowsWritten: integer('rows_written').notNull().default(0),
    /** Why it ended without a CSV (failed, interrupted): a message fit to show its owner, its code and public details. */
    error: text('error'),
    errorCode: text('error_code'),
    errorDetails: jsonb('error_details').$type<Record<string, unknown>>(),
    /** Where the CSV lives: a file under the data folder, or the text itself. */
    csvPath: text('csv_path'),
    csvContent: text('csv_content'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Refreshed by the process running it (progress, heartbeat): a stale active export lost its process. */
    updatedAt: updatedAt(),
    /** When it ended, whichever way (finished, failed, cancelled, interrupted): retention counts from here. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('exports_state_check', sql`${t.state} in ('queued', 'running', 'finished', 'failed', 'cancelled', 'interrupted')`),
    index('exports_owner_created_idx').on(t.ownerUserId, t.createdAt),
    index('exports_state_idx').on(t.state),
  ],
);

/**
 * One write made in a vendor system or the portal's own users: recorded before its first request
 * (`started`) and finished once (`succeeded`, `failed`, `partial`). A trigger keeps it append-only.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    correlationId: text('correlation_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    actor: text('actor').notNull(),
    channel: text('channel', { enum: AUDIT_CHANNELS }).notNull(),
    operation: text('operation').notNull(),
    state: text('state', { enum: AUDIT_STATES }).notNull(),
    target: jsonb('target').$type<AuditTarget>().notNull().default({}),
    /** Copies of `target`'s ids kept by the database itself, for indexed filters. */
    targetEmployeeId: integer('target_employee_id').generatedAlwaysAs(sql`(target ->> 'employeeId')::integer`),
    targetPosUserId: integer('target_pos_user_id').generatedAlwaysAs(sql`(target ->> 'posUserId')::integer`),
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    outcome: jsonb('outcome').$type<AuditOutcome>(),
    steps: jsonb('steps').$type<AuditSteps>(),
  },
  (t) => [
    check('audit_events_channel_check', sql`${t.channel} in ('portal', 'mcp', 'cli')`),
    check('audit_events_state_check', sql`${t.state} in ('started', 'succeeded', 'failed', 'partial')`),
    check('audit_events_finished_check', sql`(${t.state} = 'started') = (${t.finishedAt} is null)`),
    index('audit_events_newest_idx').on(t.startedAt.desc(), t.id.desc()),
    index('audit_events_employee_idx').on(t.targetEmployeeId, t.startedAt.desc()),
    index('audit_events_pos_user_idx').on(t.targetPosUserId, t.startedAt.desc()),
    index('audit_events_actor_idx').on(t.actor, t.startedAt.desc()),
    index('audit_events_finished_idx').on(t.finishedAt),
  ],
);

/**
 * A bulk run of one file (README, "Bulk changes"): the same (kind, file hash) while unfinished is the same run, so
 * running a file again resumes it. One process works it at a time: the lease (holder, host, pid, heartbeat).
 */
export const bulkRuns = pgTable(
  'bulk_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: BULK_KINDS }).notNull(),
    fileName: text('file_name').notNull(),
    /** SHA-256 of the file's bytes (hex). */
    fileHash: text('file_hash').notNull(),
    actorChannel: text('actor_channel', { enum: AUDIT_CHANNELS }).notNull(),
    actorName: text('actor_name').notNull(),
    state: text('state', { enum: BULK_RUN_STATES }).notNull(),
    concurrency: integer('concurrency').notNull(),
    rowsTotal: integer('rows_total').notNull(),
    leaseHolder: text('lease_holder'),
    leaseHost: text('lease_host'),
    leasePid: integer('lease_pid'),
    leaseHeartbeatAt: timestamp('lease_heartbeat_at', { withTimezone: true }),
    /** Set by Cancel from any process; the holder reads it between rows. */
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** When the results file with the secrets was handed out (the secrets were dropped then). */
    secretsRevealedAt: timestamp('secrets_revealed_at', { withTimezone: true }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('bulk_runs_kind_check', sql`${t.kind} in ('create', 'disable')`),
    check('bulk_runs_channel_check', sql`${t.actorChannel} in ('portal', 'mcp', 'cli')`),
    check('bulk_runs_state_check', sql`${t.state} in ('queued', 'running', 'cancelling', 'cancelled', 'interrupted', 'finished')`),
    check('bulk_runs_concurrency_check', sql`${t.concurrency} >= 1`),
    index('bulk_runs_kind_hash_idx').on(t.kind, t.fileHash),
    index('bulk_runs_newest_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/** One row of a bulk run: its input without secrets, where it stands, and the secrets made for it until shown. */
export const bulkRunRows = pgTable(
  'bulk_run_rows',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => bulkRuns.id, { onDelete: 'cascade' }),
    /** Spreadsheet row number (header = 1) or JSON row number (from 1). */
    rowNumber: integer('row_number').notNull(),
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: BULK_ROW_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    employeeId: integer('employee_id'),
    outcome: jsonb('outcome').$type<Record<string, unknown>>(),
    error: jsonb('error').$type<BulkRowError>(),
    /** The PIN and Back Office password given or generated before the write; null once shown (or never made). */
    secrets: jsonb('secrets').$type<Record<string, string | number>>(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'bulk_run_rows_pkey', columns: [t.runId, t.rowNumber] }),
    check('bulk_run_rows_state_check', sql`${t.state} in ('pending', 'running', 'partial', 'done', 'failed')`),
  ],
);

export * from './warehouse/schema.js';
export * from './reports/schema.js';
export * from './dataapi/schema.js';
export * from './kpis/schema.js';
export * from './digest/schema.js';
export * from './mcp-sessions/schema.js';

export const schema = {
  portalUsers,
  portalSessions,
  signInThrottle,
  exports,
  auditEvents,
  bulkRuns,
  bulkRunRows,
  ...warehouseTables,
  ...reportTables,
  ...resourceTables,
  ...kpiTables,
  ...digestTables,
  ...mcpSessionTables,
};
