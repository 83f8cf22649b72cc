export type { Actor } from './actor.js';
export { AUDIT_OPERATIONS, NEEDS_ATTENTION_AFTER_MS, actorSchema, auditFilterSchema, needsAttention } from './audit-rules.js';
export type { AuditOperation } from './audit-rules.js';
export { AUDIT_CSV_COLUMNS, auditCsv } from './audit-csv.js';
export { ABORTED_CODE, ABORTED_MESSAGE } from './audited-write.js';
export type { OperationsLogger } from './audited-write.js';
export { backofficeConnectionOf, connectBackoffice } from './connection.js';
export type { BackofficeConnection, BackofficeReads } from './connection.js';
export { DEMO_BACKOFFICE_CREDENTIALS, REQUIRED_BACKOFFICE_VARIABLES, backofficeEnvDocs, describeBackofficeVariables, missingBackofficeVariables, readBackofficeEnvironment } from './environment.js';
export type { BackofficeCredentials } from './environment.js';
export { DEMO_DATA_API_BASE_URL, DEMO_DATA_API_CREDENTIALS, REQUIRED_DATA_API_VARIABLES, dataApiEnvDocs, describeDataApiVariables, missingDataApiVariables, readDataApiEnvironment, requireDataApiEnvironment } from './data-api-environment.js';
export { Operations } from './operations.js';
export type { ActorOperations, OperationsOptions, PasswordChoice, WriteCallOptions } from './operations.js';
export { SECRET_INPUT_FIELDS, recordedInput } from './recorded-input.js';
export type { SecretInputField, SecretMarker } from './recorded-input.js';
export { pruneAuditLog } from './retention.js';
export { AUDIT_CHANNELS, AUDIT_STATES } from '@washops/store';
export type { AuditChannel, AuditEvent, AuditFilter, AuditOutcome, AuditPage, AuditState, AuditSteps, AuditTarget } from '@washops/store';
export { bulkChanges } from './bulk/bulk-changes.js';
export { BULK_COLUMNS, bulkTemplateCsv } from './bulk/template.js';
export type { BulkChanges, BulkChangesDeps, BulkSheet, ExecuteOptions, ResultsCsv } from './bulk/bulk-changes.js';
export { BULK_KINDS, BULK_LIMITS, BULK_RESULT_COLUMNS, BULK_ROW_STATES, BULK_RUN_STATES } from './bulk/types.js';
export type { BulkCheckReport, BulkCheckedRow, BulkFile, BulkKind, BulkProgress, BulkRowIssue, BulkRowResult, BulkRowState, BulkRowStatus, BulkRunState, BulkRunView } from './bulk/types.js';
export { openReports, reportCsv } from './reports/reports.js';
export { changeOf } from './reports/format.js';
export { MAX_REPORT_DAYS, REPORT_GROUPINGS, REPORT_KINDS } from './reports/types.js';
export type * from './reports/types.js';
export { resolveSiteCodes, resolveSiteCodesInTree, sitesOfRegion } from './sites/resolve-sites.js';
export type { DataApiSiteCodes, SiteChoice, SiteTree } from './sites/resolve-sites.js';
export { openWarehouseSync } from './warehouse/warehouse-sync.js';
export { jobItemOfWarehouse } from './warehouse/mapping.js';
export { RESOURCE_ENDPOINTS, RESOURCE_RULES } from './dataapi/plan.js';
export { minimumResourceRequests } from './dataapi/minimum.js';
export type { EndpointRead } from './dataapi/fetch.js';
export type { ResourceBackfillRequest, ResourceBackfillResult, ResourceStatus, ResourceSync } from './dataapi/resource-sync.js';
export type { ResourceWindowEvent } from './warehouse/types.js';
export type {
  BackfillRequest,
  BackfillResult,
  DataApiAccess,
  SyncSettings,
  SyncStatus,
  SyncStatusQuery,
  SyncUnitEvent,
  SyncWorker,
  SyncWorkerOptions,
  WarehouseSync,
  WarehouseSyncDeps,
} from './warehouse/types.js';
export { openKpis } from './kpis/kpis.js';
export { KPI_GROUPINGS, kpiRequestSchema } from './kpis/schemas.js';
export type { KpiGrouping, KpiRequest } from './kpis/schemas.js';
export type * from './kpis/types.js';
export { DIGEST_LOOKBACK_DAYS, DIGEST_QUEUE, openDigest } from './digest/digest.js';
export type { Digest, DigestCheckResult, DigestDeps, DigestPreview } from './digest/digest.js';
export { DEFAULT_CLOSE_HOUR, parseRecipients, readDigestConfig } from './digest/config.js';
export type { DigestConfig, DigestSettingsInput } from './digest/config.js';
export { DigestSendError, smtpMailer } from './digest/mailer.js';
export type { DigestMailer } from './digest/mailer.js';
export type { DigestMessage } from './digest/render.js';
export { openResourceReads } from './resources/index.js';
export type * from './resources/index.js';
export * from './resources/schemas.js';
export { contactView, maskEmail, maskPhone } from './resources/masking.js';
export type { CustomerContactView } from './resources/masking.js';
