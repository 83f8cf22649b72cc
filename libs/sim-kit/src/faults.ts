/** One fault registry for both simulators: faults fire by probability (seeded) and by count. */

/** What every fault has, whatever the simulator: how often it fires and how many times at most. */
export interface FaultRule {
  kind: string;
  /** 0..1, default 1; drawn from the registry's seeded PRNG. */
  probability?: number | undefined;
  /** Fire at most this many times (default unlimited). */
  count?: number | undefined;
}

export interface FaultRegistryOptions<F extends FaultRule, R> {
  /** The seeded draw for probabilities below 1. */
  random: () => number;
  /** The fault kinds this simulator knows. */
  kinds: readonly F['kind'][];
  /** Whether a fault applies to a request (its route, endpoint, …). */
  matches: (fault: F, request: R) => boolean;
  /** Checks a simulator's own fault fields; throw a TypeError to refuse the fault. */
  validate?: (fault: F) => void;
}

interface ActiveFault<F> {
  fault: F;
  remaining: number;
}

export class FaultRegistry<F extends FaultRule, R> {
  #faults: Array<ActiveFault<F>> = [];
  readonly #options: FaultRegistryOptions<F, R>;

  constructor(options: FaultRegistryOptions<F, R>) {
    this.#options = options;
  }

  inject(fault: F): { remove(): void } {
    this.#check(fault);
    const active: ActiveFault<F> = { fault: { ...fault }, remaining: fault.count ?? Number.POSITIVE_INFINITY };
    this.#faults.push(active);
    return { remove: () => (this.#faults = this.#faults.filter((f) => f !== active)) };
  }

  clear(): void {
    this.#faults = [];
  }

  /** The faults still armed, in injection order. */
  active(): F[] {
    return this.#faults.filter((f) => f.remaining > 0).map((f) => ({ ...f.fault }));
  }

  /** Every fault that fires for this request, in injection order; each firing uses one of its count. */
  fire(request: R, accept: (fault: F) => boolean = () => true): F[] {
    const fired: F[] = [];
    for (const active of this.#faults) {
      if (this.#fires(active, request, accept)) fired.push(active.fault);
    }
    this.#faults = this.#faults.filter((f) => f.remaining > 0);
    return fired;
  }

  /** The first fault that fires for this request, if any; only that one uses a count. */
  first(request: R, accept: (fault: F) => boolean = () => true): F | undefined {
    for (const active of this.#faults) {
      if (this.#fires(active, request, accept)) {
        this.#faults = this.#faults.filter((f) => f.remaining > 0);
        return active.fault;
      }
    }
    return undefined;
  }

  #fires(active: ActiveFault<F>, request: R, accept: (fault: F) => boolean): boolean {
    const { fault } = active;
    if (active.remaining <= 0 || !accept(fault) || !this.#options.matches(fault, request)) return false;
    const probability = fault.probability ?? 1;
    if (probability < 1 && !(this.#options.random() < probability)) return false;
    active.remaining -= 1;
    return true;
  }

  #check(fault: F): void {
    if (!this.#options.kinds.includes(fault.kind)) throw new TypeError(`Unknown fault kind: ${String(fault.kind)}`);
    if (fault.probability !== undefined && !(fault.probability >= 0 && fault.probability <= 1)) {
      throw new TypeError('probability must be between 0 and 1');
    }
    if (fault.count !== undefined && !(Number.isInteger(fault.count) && fault.count >= 0)) {
      throw new TypeError('count must be a non-negative integer');
    }
    this.#options.validate?.(fault);
  }
}

function globToRegExp(glob: string): RegExp {
  const body = glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`);
}

/**
 * A route pattern as a predicate: `'POST /employee/insert'`, `'GET /employee/edit/*'`, a bare path
 * pattern (any method), or `'*'` / undefined (every request).
 */
export function routeMatcher(route: string | undefined): (method: string, path: string) => boolean {
  const r = (route ?? '*').trim();
  if (r === '*') return () => true;
  const space = r.indexOf(' ');
  if (space > 0) {
    const method = r.slice(0, space).toUpperCase();
    const path = globToRegExp(r.slice(space + 1).trim());
    return (m, p) => (method === '*' || m === method) && path.test(p);
  }
  const path = globToRegExp(r);
  return (_m, p) => path.test(p);
}
