/** Fault injection by endpoint, by probability (seeded, so a run is reproducible) or by count. */
import { FaultRegistry, Prng } from '@washops/sim-kit';
import type { TransactionsEndpoint, TransactionsFault, TransactionsFaultKind } from './types.js';

const KINDS: readonly TransactionsFaultKind[] = [
  'serverError',
  'drop',
  'slow',
  'rateLimitStorm',
  'jobFail',
  'jobNeverFinishes',
  'malformedJson',
];
const ENDPOINTS: readonly TransactionsEndpoint[] = [
  'list',
  'listByType',
  'listV2',
  'get',
  'loadJob',
  'getJobData',
  'siteList',
  'customerList',
  'customerGet',
  'recurringList',
  'recurringGet',
  'recurringDetailsList',
  'recurringStatusList',
  'recurringModifications',
  'washbookList',
  'washbookGet',
  'giftCardList',
  'itemList',
  'employeeList',
  'employeeGet',
  'clockEntries',
  'salesOutcomeList',
  '*',
];
/** Faults that act on the job a load-job request creates, not on the response itself. */
export const JOB_FAULTS: readonly TransactionsFaultKind[] = ['jobFail', 'jobNeverFinishes'];

/** The endpoint a request was routed to: what a fault's `endpoint` matches. */
type FaultTarget = Exclude<TransactionsEndpoint, '*'>;

/** The kit's registry, whose seeded draw starts over on `clear()`, so a reset simulator replays the same faults. */
export class TransactionsFaultRegistry extends FaultRegistry<TransactionsFault, FaultTarget> {
  readonly #restartDraw: () => void;

  constructor(seed: string) {
    let draw = new Prng(`${seed}|faults`);
    super({
      random: () => draw.next(),
      kinds: KINDS,
      matches: (fault, endpoint) => (fault.endpoint ?? '*') === '*' || fault.endpoint === endpoint,
      validate: validateFault,
    });
    this.#restartDraw = () => (draw = new Prng(`${seed}|faults`));
  }

  override clear(): void {
    super.clear();
    this.#restartDraw();
  }
}

/** The checks beyond kind, probability and count, which the kit makes. */
function validateFault(fault: TransactionsFault): void {
  if (fault.endpoint !== undefined && !ENDPOINTS.includes(fault.endpoint)) {
    throw new TypeError(`Unknown endpoint: ${String(fault.endpoint)}`);
  }
  if (fault.status !== undefined && !(Number.isInteger(fault.status) && fault.status >= 500 && fault.status <= 599)) {
    throw new TypeError('status must be a 5xx status');
  }
  if (fault.delayMs !== undefined && !(fault.delayMs >= 0)) throw new TypeError('delayMs must be >= 0');
  if (fault.retryAfterSeconds !== undefined && !(fault.retryAfterSeconds >= 0)) {
    throw new TypeError('retryAfterSeconds must be >= 0');
  }
}
