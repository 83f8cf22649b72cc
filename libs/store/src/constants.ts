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
