export { startTransactionsSimulator, RATE_LIMIT, RATE_WINDOW_MS, V2_CACHE_TTL_MS } from './server.js';
export { FixedWindowCounter } from './fixed-window.js';
export { VALIDATION_RULES } from './validation.js';
export { JOB_TTL_MS } from './jobs.js';
export { ITEM_TYPES, type ItemType } from './chain.js';
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
