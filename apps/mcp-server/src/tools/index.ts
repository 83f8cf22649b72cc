import type { ToolDefinition } from '../tool.js';
import { getCustomer } from './get-customer.js';
import { getMembership } from './get-membership.js';
import { listClockEntries } from './list-clock-entries.js';
import { listCustomers } from './list-customers.js';
import { listGiftCards } from './list-gift-cards.js';
import { listItems } from './list-items.js';
import { listMembershipStatusChanges } from './list-membership-status-changes.js';
import { listMemberships } from './list-memberships.js';
import { listSalesOutcomes } from './list-sales-outcomes.js';
import { listWashbooks } from './list-washbooks.js';
import { applyBackofficeTemplate } from './apply-backoffice-template.js';
import { bulkCreateEmployees } from './bulk-create-employees.js';
import { bulkDisableEmployees } from './bulk-disable-employees.js';
import { comparePeriods } from './compare-periods.js';
import { createBackofficeUser } from './create-backoffice-user.js';
import { createEmployee } from './create-employee.js';
import { disableEmployee } from './disable-employee.js';
import { findEmployees } from './find-employees.js';
import { getEmployee } from './get-employee.js';
import { getTransaction } from './get-transaction.js';
import { hourlyReport } from './hourly-report.js';
import { listAuditEvents } from './list-audit-events.js';
import { isEmailAvailable } from './is-email-available.js';
import { isPhoneAvailable } from './is-phone-available.js';
import { isPosUserIdAvailable } from './is-pos-user-id-available.js';
import { listBackofficeUsers } from './list-backoffice-users.js';
import { listDepartments } from './list-departments.js';
import { listEmployees } from './list-employees.js';
import { listPermissions } from './list-permissions.js';
import { listSites } from './list-sites.js';
import { listTransactionSites } from './list-transaction-sites.js';
import { listTransactions } from './list-transactions.js';
import { listTransactionsByType } from './list-transactions-by-type.js';
import { listTransactionsV2 } from './list-transactions-v2.js';
import { cohortRetention } from './cohort-retention.js';
import { kpiSummary } from './kpi-summary.js';
import { laborReport } from './labor-report.js';
import { loadTransactionJob } from './load-transaction-job.js';
import { membershipChurn } from './membership-churn.js';
import { membershipReport } from './membership-report.js';
import { mixReport } from './mix-report.js';
import { queryTransactions } from './query-transactions.js';
import { reactivateEmployee } from './reactivate-employee.js';
import { salesReport } from './sales-report.js';
import { setEmployeePermission } from './set-employee-permission.js';
import { setEmployeeWage } from './set-employee-wage.js';
import { staffReport } from './staff-report.js';
import { syncStatus } from './sync-status.js';
import { tenderReport } from './tender-report.js';
import { updateEmployee } from './update-employee.js';

/** Every tool, in the order a model sees them. */
export const allTools = [
  createEmployee,
  disableEmployee,
  updateEmployee,
  reactivateEmployee,
  setEmployeeWage,
  setEmployeePermission,
  createBackofficeUser,
  applyBackofficeTemplate,
  bulkCreateEmployees,
  bulkDisableEmployees,
  listSites,
  listDepartments,
  listPermissions,
  listEmployees,
  findEmployees,
  getEmployee,
  listBackofficeUsers,
  isPosUserIdAvailable,
  isEmailAvailable,
  isPhoneAvailable,
  listTransactionSites,
  listTransactions,
  listTransactionsByType,
  listTransactionsV2,
  getTransaction,
  loadTransactionJob,
  syncStatus,
  queryTransactions,
  salesReport,
  mixReport,
  membershipReport,
  tenderReport,
  hourlyReport,
  staffReport,
  comparePeriods,
  kpiSummary,
  membershipChurn,
  cohortRetention,
  laborReport,
  listCustomers,
  getCustomer,
  listMemberships,
  getMembership,
  listMembershipStatusChanges,
  listWashbooks,
  listGiftCards,
  listItems,
  listClockEntries,
  listSalesOutcomes,
  listAuditEvents,
] as unknown as ToolDefinition[];
