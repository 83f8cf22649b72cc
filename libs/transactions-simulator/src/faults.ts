/** Fault injection by endpoint, by probability (seeded, so a run is reproducible) or by count. */
import { Prng } from './prng.js';
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
  '*',
];
/** Faults that act on the job a load-job request creates, not on the response itself. */
export const JOB_FAULTS: readonly TransactionsFaultKind[] = ['jobFail', 'jobNeverFinishes'];

interface ActiveFault {
  fault: TransactionsFault;
  remaining: number;
}

export class FaultRegistry {
  private faults: ActiveFault[] = [];
  private prng: Prng;

  constructor(private readonly seed: string) {
    this.prng = new Prng(`${seed}|faults`);
  }

  inject(fault: TransactionsFault): { remove(): void } {
    validateFault(fault);
    const active: ActiveFault = { fault: { ...fault }, remaining: fault.count ?? Number.POSITIVE_INFINITY };
    this.faults.push(active);
    return {
      remove: () => {
        this.faults = this.faults.filter((f) => f !== active);
      },
    };
  }

  clear(): void {
    this.faults = [];
    this.prng = new Prng(`${this.seed}|faults`);
  }

  /**
   * The first fault (in injection order) of the given kinds that matches the endpoint and fires this time.
   * A fault that fires uses up one of its `count`.
   */
  take(endpoint: Exclude<TransactionsEndpoint, '*'>, kinds: (kind: TransactionsFaultKind) => boolean): TransactionsFault | undefined {
    for (const active of this.faults) {
      const { fault } = active;
      if (!kinds(fault.kind) || active.remaining <= 0) continue;
      if ((fault.endpoint ?? '*') !== '*' && fault.endpoint !== endpoint) continue;
      const probability = fault.probability ?? 1;
      if (probability < 1 && !(this.prng.next() < probability)) continue;
      active.remaining--;
      return fault;
    }
    return undefined;
  }
}

function validateFault(fault: TransactionsFault): void {
  if (!KINDS.includes(fault.kind)) throw new TypeError(`Unknown fault kind: ${String(fault.kind)}`);
  if (fault.endpoint !== undefined && !ENDPOINTS.includes(fault.endpoint)) {
    throw new TypeError(`Unknown endpoint: ${String(fault.endpoint)}`);
  }
  if (fault.probability !== undefined && !(fault.probability >= 0 && fault.probability <= 1)) {
    throw new TypeError('probability must be between 0 and 1');
  }
  if (fault.count !== undefined && !(Number.isInteger(fault.count) && fault.count >= 0)) {
    throw new TypeError('count must be a non-negative integer');
  }
  if (fault.status !== undefined && !(Number.isInteger(fault.status) && fault.status >= 500 && fault.status <= 599)) {
    throw new TypeError('status must be a 5xx status');
  }
  if (fault.delayMs !== undefined && !(fault.delayMs >= 0)) throw new TypeError('delayMs must be >= 0');
  if (fault.retryAfterSeconds !== undefined && !(fault.retryAfterSeconds >= 0)) {
    throw new TypeError('retryAfterSeconds must be >= 0');
  }
}
