export { PublicErrorCause, toTrpcError } from './errors.js';
export { publicErrorOf } from './public-error.js';
export { createErrorLogger, logPortalError, referenceOf, type PortalLogger } from './error-log.js';
export { appRouter, createCaller, type AppRouter } from './root.js';
export { operationsAs } from './actor-operations.js';
export { auditEventView, auditListInput, MAX_AUDIT_PAGE, type AuditEventView, type AuditListInput } from './routers/audit.js';
export {
  createFetchContextFactory,
  createPortalContext,
  portalResponseMeta,
  requestInfoFromHeaders,
  type PortalAuthConfig,
  type PortalContext,
  type PortalDeps,
  type PortalRequestInfo,
} from './context.js';
export { SESSION_COOKIE, readCookie } from './auth/cookies.js';
export {
  PASSWORD_COST,
  hashPassword,
  needsRehash,
  parsePasswordHash,
  unmatchableHash,
  verifyPassword,
  type ParsedPasswordHash,
  type ScryptCost,
} from './auth/passwords.js';
export {
  DEMO_SIGN_INS,
  NoActiveAdminError,
  bringInPortalUsers,
  demoPortalUsers,
  parsePortalUsers,
  type BringInOptions,
  type PortalUser,
} from './auth/portal-users.js';
export { HashingSlots } from './auth/hashing-slots.js';
export {
  PEER_ADDRESS_HEADER,
  TRUST_NO_PROXY,
  clientAddressOf,
  normalizeAddress,
  parseTrustProxy,
  requestHostOf,
  type TrustProxy,
} from './client-address.js';
export { sessionOfToken, type PortalRole, type PortalSession } from './auth/sessions.js';
export type { PortalUserView } from './routers/portal-users.js';
export { SignInThrottle, type DelayPolicy, type SignInAttempt, type SignInThrottleOptions } from './auth/sign-in-throttle.js';
export { bulkFileInput, bulkRunIdInput, bulkTemplateInput, type BulkFileInput } from './schemas.js';
export { exportIdInput, exportStartInput, signInInput, transactionListInput, type ExportStartInput, type TransactionListInput } from './schemas.js';
export { MAX_SYNC_RANGE_DAYS, syncRangeInput, type SyncRangeInput } from './schemas.js';
export {
  changePasswordInput,
  portalUserAddInput,
  portalUsernameInput,
  portalUserResetInput,
  portalUserRoleInput,
  type ChangePasswordInput,
  type PortalUserAddInput,
} from './schemas.js';
export { MAX_LIST_ROWS, type TransactionListChunk, type TransactionRow } from './routers/transactions.js';
export { BulkRunner, type BulkResultsFile, type BulkRunnerOptions } from './bulk/bulk-runner.js';
export { ExportRegistry, type ExportClient, type ExportRegistryOptions, type ExportState, type ExportView } from './transactions/export-registry.js';
export { EXPORT_CSV_COLUMNS, transactionsCsv } from './transactions/export-csv.js';
export { BACKGROUND_CEILING, DATA_API_REQUESTS, DATA_API_WINDOW_MS, transactionsBudgets } from './transactions/budget.js';
export { syncStatusView, type SyncStatusView } from './routers/sync.js';
export type { DigestDeliveryView, DigestPreviewView } from './routers/digest.js';
export {
  compareResultView,
  reportResultView,
  type CompareResultView,
  type ReportCoverageView,
  type ReportResultView,
} from './routers/reports.js';
export { reportCsvDownload, reportFilename, type ReportDownload } from './reports/csv-download.js';
export { csvAttachment, plainResponse, signedInDownload, unavailableResponse } from './downloads.js';
export type { ListSource } from './warehouse/list-source.js';
export { MAX_WAREHOUSE_EXPORT_DAYS, warehouseExport, type WarehouseExport } from './warehouse/export.js';
export {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PORTAL_ROLE_NAMES,
  generatePassword,
  newPasswordSchema,
  portalRoleSchema,
  portalUsernameSchema,
} from './auth/account-rules.js';
