export { SMALL_CHAIN_ACROSS_UTC_SITES, SMALL_CHAIN_SITES } from './chain.js';
export { PINNED_NOW, pinnedClock } from './pinned-today.js';
export { DEFAULT_JOB_DURATION_MS, startTransactionsSimulator } from './server.js';
export { VALIDATION_RULES } from './validation.js';
export { DEFAULT_WORLD_RATES } from './world/rates.js';
export { RECURRING_STATUS_NAMES } from './world/types.js';
export type {
  BillingRecord,
  ClockEntryRecord,
  CustomerRecord,
  EmployeeRecord,
  GiftCardRecord,
  ItemRecord,
  MembershipRecord,
  ModificationRecord,
  SalesOutcomeRecord,
  StatusEvent,
  WashbookRecord,
  World,
  WorldRates,
} from './world/types.js';
export type {
  DataApiEnvironment,
  ErrorEnvelope,
  RealismFlags,
  RealismOption,
  RequestLogEntry,
  SimulatorCredential,
  SimulatorSite,
  TransactionsEndpoint,
  TransactionsFault,
  TransactionsFaultKind,
  TransactionsSimulator,
  TransactionsSimulatorControl,
  TransactionsSimulatorOptions,
} from './types.js';
