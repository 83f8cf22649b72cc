/**
 * The resources' response models and input schemas, browser-safe (only zod and the error classes): exported from the
 * package root and from `./schemas`, so the portal and the MCP server validate with exactly the client's rules.
 */
export { CustomerListItemSchema, CustomerSchema } from './models/customers.js';
export { ClockEntrySchema, EmployeeListItemSchema, EmployeeSchema } from './models/employees.js';
export { GiftCardSchema } from './models/gift-cards.js';
export { ItemSchema } from './models/items.js';
export {
  RECURRING_MODIFICATION_NAMES,
  RECURRING_STATUS_NAMES,
  RecurringAccountDetailSchema,
  RecurringAccountModificationsSchema,
  RecurringAccountSchema,
  RecurringModificationSchema,
  RecurringStatusChangeSchema,
} from './models/recurring.js';
export { SalesOutcomeSchema } from './models/sales-outcomes.js';
export { UNLIMITED_WASHBOOK_BALANCE, WashbookAccountDetailSchema, WashbookAccountSchema } from './models/washbooks.js';
export * from './params/index.js';
