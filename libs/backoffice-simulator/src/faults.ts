/** Fault injection for tests: which requests a fault applies to, and how often. */
import type { Random } from './prng.js';

export type BackofficeFaultKind =
  | 'serverError'
  | 'drop'
  | 'dropAfterApply'
  | 'slow'
  | 'brokenMarkup'
  | 'truncatedForm'
  | 'acceptButIgnore'
  | 'expireSession';

export interface BackofficeFault {
  /** `'POST /employee/insert'`, `'GET /employee/edit/*'`, a bare path pattern (any method), or `'*'` (default). */
  route?: string;
  kind: BackofficeFaultKind;
  /** 0..1, default 1; drawn from the simulator's seeded PRNG. */
  probability?: number;
  /** Apply to at most this many matching requests (default unlimited). */
  count?: number;
  /** For serverError, default 500. */
  status?: number;
  /** For slow, default 5000 ms. */
  delayMs?: number;
  /** For truncatedForm: cut just before this text inside the form (default: halfway through the form). */
  cutAt?: string;
}

export const FAULT_KINDS: readonly BackofficeFaultKind[] = [
  'serverError',
  'drop',
  'dropAfterApply',
  'slow',
  'brokenMarkup',
  'truncatedForm',
  'acceptButIgnore',
  'expireSession',
];

interface ActiveFault {
  fault: BackofficeFault;
  remaining: number;
  matcher: (method: string, path: string) => boolean;
}

function globToRegExp(glob: string): RegExp {
  const body = glob.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${body}$`);
}

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

export class FaultSet {
  private faults: ActiveFault[] = [];

  constructor(private readonly random: Random) {}

  add(fault: BackofficeFault): { remove(): void } {
    if (!FAULT_KINDS.includes(fault.kind)) throw new Error(`unknown fault kind: ${String(fault.kind)}`);
    if (fault.probability !== undefined && !(fault.probability >= 0 && fault.probability <= 1)) {
      throw new Error('fault probability must be between 0 and 1');
    }
    const active: ActiveFault = { fault: { ...fault }, remaining: fault.count ?? Infinity, matcher: routeMatcher(fault.route) };
    this.faults.push(active);
    return { remove: () => (this.faults = this.faults.filter((f) => f !== active)) };
  }

  clear(): void {
    this.faults = [];
  }

  /** The faults that fire for this request (each firing uses one of its count). */
  draw(method: string, path: string): BackofficeFault[] {
    const fired: BackofficeFault[] = [];
    for (const f of this.faults) {
      if (f.remaining <= 0 || !f.matcher(method, path)) continue;
      if (this.random() >= (f.fault.probability ?? 1)) continue;
      f.remaining -= 1;
      fired.push(f.fault);
    }
    this.faults = this.faults.filter((f) => f.remaining > 0);
    return fired;
  }
}
