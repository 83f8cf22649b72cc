// Browser-safe: what the portal's forms and the MCP tools validate with. No store, no client, no node-only code.
export * from '@washops/backoffice-client/schemas';
export { AUDIT_CHANNELS, AUDIT_STATES, PORTAL_ROLES } from '@washops/store/constants';
export type { AuditChannel, AuditOutcome, AuditState, AuditSteps, AuditTarget, PortalRole } from '@washops/store/constants';
export type { AuditEvent, AuditFilter, AuditPage } from '@washops/store';
export { AUDIT_OPERATIONS, NEEDS_ATTENTION_AFTER_MS, actorSchema, auditFilterSchema, needsAttention } from './audit-rules.js';
export type { AuditOperation } from './audit-rules.js';
export * from './bulk/types.js';
export { MAX_REPORT_DAYS, REPORT_GROUPINGS, REPORT_KINDS } from './reports/types.js';
export type * from './reports/types.js';
export { MIX_CATEGORIES, REPORT_PERIODS, STAFF_ROLES } from '@washops/store/constants';
export { compareRequestSchema, daysInRange, localDaySchema, regionSchema, reportRequestSchema, siteCodeSchema } from './reports/schemas.js';
export * from './resources/schemas.js';
export { contactView, maskEmail, maskPhone } from './resources/masking.js';
export type { CustomerContactView } from './resources/masking.js';
export type * from './resources/types.js';
export { KPI_GROUPINGS, kpiRequestSchema } from './kpis/schemas.js';
export type { KpiGrouping, KpiRequest } from './kpis/schemas.js';
