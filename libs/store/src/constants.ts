// The store's value sets and the plain shapes of its JSON columns: no driver, no Drizzle, so browser
// code (the portal's forms, through `@washops/store/constants`) can import them.

export const PORTAL_ROLES = ['admin', 'viewer'] as const;
export type PortalRole = (typeof PORTAL_ROLES)[number];

export const EXPORT_STATES = ['queued', 'running', 'finished', 'failed', 'cancelled', 'interrupted'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

export const AUDIT_CHANNELS = ['portal', 'mcp', 'cli'] as const;
export type AuditChannel = (typeof AUDIT_CHANNELS)[number];

export const AUDIT_STATES = ['started', 'succeeded', 'failed', 'partial'] as const;
export type AuditState = (typeof AUDIT_STATES)[number];

/** Who or what a write changed, learned before or during the write. */
export interface AuditTarget {
  employeeId?: number;
  posUserId?: number;
  backofficeUsername?: string;
  backofficeUserId?: number;
  portalUsername?: string;
  /** A Data API customer (`<record>:<site>`), e.g. whose contact details were revealed. */
  customerId?: string;
}

/** The steps of a multi-step write: done, possibly done (unverified), not reached. */
export interface AuditSteps {
  done: string[];
  unverified: string[];
  remaining: string[];
}

/** Error code and public message, or the result summary (never secrets). */
export interface AuditOutcome {
  code?: string;
  message?: string;
  summary?: Record<string, unknown>;
}

/** What a bulk run does to each row: create a new hire, or disable a leaver. */
export const BULK_KINDS = ['create', 'disable'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];

/**
 * A bulk run: `queued` (recorded, not started), `running` (a process holds it), `cancelling` (asked to
 * stop: rows in flight finish), `cancelled` or `interrupted` (stopped with rows left: running the same
 * file again resumes it), `finished` (every row done or failed).
 */
export const BULK_RUN_STATES = ['queued', 'running', 'cancelling', 'cancelled', 'interrupted', 'finished'] as const;
export type BulkRunState = (typeof BULK_RUN_STATES)[number];

/**
 * A row of a bulk run: `pending`; `running` (its write started, outcome not recorded: a resume settles it by a
 * read before anything else); `partial` (the employee exists, a later step is not done: a resume completes it);
 * `done`; `failed` (with the error; a resume tries it again only when nothing of it was applied).
 */
export const BULK_ROW_STATES = ['pending', 'running', 'partial', 'done', 'failed'] as const;
export type BulkRowState = (typeof BULK_ROW_STATES)[number];

/** Why a bulk row failed or what is left of it: a public code and message, the column it is about, public details. */
export interface BulkRowError {
  code: string;
  message: string;
  field?: string;
  details?: Record<string, unknown>;
}

/** Where one site-day of the transactions warehouse stands (README, "Transactions warehouse"). */
export const SYNC_UNIT_STATES = ['pending', 'running', 'done', 'failed'] as const;
export type SyncUnitState = (typeof SYNC_UNIT_STATES)[number];

// Report value sets (README, "Reports"): defined here so browser code reaches them without loading the store.
/** Periods the sales report groups by: a day, an ISO week (keyed by its Monday), a calendar month (keyed by its 1st). */
export const REPORT_PERIODS = ['day', 'week', 'month'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/**
 * The Data API's `item_type` lists a transaction can be in (contract §2.2): one per item department
 * that maps to a type, plus `house-account` for house-account tenders. A transaction may be in
 * several, as it is in the vendor's lists; `other` holds those in none (vacuum-only, add-ons…).
 */
export const MIX_CATEGORIES = ['wash', 'prepaid-wash', 'recurring', 'washbook', 'giftcard', 'merchandise', 'house-account', 'other'] as const;
export type MixCategory = (typeof MIX_CATEGORIES)[number];

export const STAFF_ROLES = ['cashier', 'greeter'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

