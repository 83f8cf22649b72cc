export { startTransactionsSimulator } from './server.js';
export { VALIDATION_RULES } from './validation.js';
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
