export type { FetchLike, Logger } from '@washops/client-core';
export { BackofficeClient, type BackofficeClientOptions, type RequestOptions, type WriteOptions } from './client.js';
export type { WriteStep } from './operations/context.js';
export { WRITE_PLANS } from './operations/context.js';
export { EMAIL_PATTERN, emailKey, phoneDigits } from './normalize.js';
export { FALLBACK_TEMPLATE } from './operations/create-employee.js';
export { LINKED_USER_WARNING } from './operations/disable-employee.js';
export {
  USERNAME_PATTERN,
  backofficePasswordSchema,
  calendarDateSchema,
  createBackofficeUserInputSchema,
  createEmployeeInputSchema,
  disableEmployeeInputSchema,
  emailSchema,
  listEmployeesOptionsSchema,
  listPermissionsOptionsSchema,
  moneySchema,
  phoneSchema,
  posUserIdSchema,
  refreshOptionsSchema,
  siteSelectionSchema,
} from './schemas.js';
export type {
  BackofficePermissionTemplate,
  BackofficeUserCreated,
  CreateBackofficeUserInput,
  CreateEmployeeInput,
  Department,
  DisableEmployeeInput,
  EmployeeCreated,
  EmployeeDisabled,
  EmployeeSummary,
  ListEmployeesOptions,
  ListPermissionsOptions,
  Permission,
  PosPermissionTemplate,
  RefreshOptions,
  Site,
} from './schemas.js';
