/** The resources' input schemas, exported (also through `./schemas`) so forms validate with the client's own rules. */
export { AccountIdSchema, CustomerIdSchema, EmployeeIdSchema, ItemIdSchema, MAX_PAGE_SIZE, MIN_STATUS_CHANGE_PAGE_SIZE } from './common.js';
export { CustomerListParamsSchema, PhoneNumberSchema } from './customers.js';
export { DateOnlySchema, RANGE_LIMIT_DAYS, dateChunks } from './dates.js';
export { ClockEntryParamsSchema, EmployeeListParamsSchema } from './employees.js';
export { ITEM_DEPARTMENT_FILTERS, ItemListParamsSchema } from './items.js';
export {
  RecurringAccountListParamsSchema,
  RecurringDetailsListParamsSchema,
  RecurringModificationCodeSchema,
  RecurringModificationParamsSchema,
  RecurringStatusChangeParamsSchema,
  RecurringStatusCodeSchema,
} from './recurring.js';
export { SalesOutcomeParamsSchema } from './sales-outcomes.js';
export { GiftCardListParamsSchema, WashbookListParamsSchema } from './washbooks.js';
