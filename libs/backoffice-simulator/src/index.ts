export { escapeHtml, redirectShell } from './redirect-shell.js';
export {
  startBackofficeSimulator,
  type BackofficeFault,
  type BackofficeSimulator,
  type BackofficeSimulatorControl,
  type BackofficeSimulatorOptions,
  type LoggedRequest,
} from './server.js';
export type { BackofficeFaultKind } from './faults.js';
export type { SimBackofficeUser, SimEmployee } from './tenant/model.js';
export { MESSAGES, CHOSEN_MESSAGES } from './form-validation.js';
export { DEPARTMENTS, POS_PERMISSIONS, POS_TEMPLATES, BO_TEMPLATES, BO_TOKENS } from './tenant/catalog.js';
