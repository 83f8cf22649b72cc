// Browser-safe entry (`@washops/transactions-client/schemas`): the input schemas and models
// without the client and its transport, for forms that validate with the same rules as the server.
export * from './models.js';
export * from './params.js';
export { MAX_LIST_RANGE_DAYS, checkRange, toUnixSeconds, type DateInput } from './dates.js';
