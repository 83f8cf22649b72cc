/** Fault injection for tests: the kinds this simulator knows, which requests they match, and what they do to a page. */
import { FaultRegistry, routeMatcher, type FaultRule } from '@washops/sim-kit';

export type BackofficeFaultKind =
  | 'serverError'
  | 'drop'
  | 'dropAfterApply'
  | 'slow'
  | 'brokenMarkup'
  | 'truncatedForm'
  | 'acceptButIgnore'
  | 'expireSession';

export interface BackofficeFault extends FaultRule {
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

const FAULT_KINDS: readonly BackofficeFaultKind[] = [
  'serverError',
  'drop',
  'dropAfterApply',
  'slow',
  'brokenMarkup',
  'truncatedForm',
  'acceptButIgnore',
  'expireSession',
];

export interface FaultTarget {
  method: string;
  path: string;
}

export type BackofficeFaults = FaultRegistry<BackofficeFault, FaultTarget>;

export function createFaults(random: () => number): BackofficeFaults {
  // The registry keeps its own copy of each fault, so the compiled route can be cached per fault object.
  const matchers = new WeakMap<BackofficeFault, (method: string, path: string) => boolean>();
  return new FaultRegistry<BackofficeFault, FaultTarget>({
    random,
    kinds: FAULT_KINDS,
    matches: (fault, target) => {
      let matcher = matchers.get(fault);
      if (!matcher) {
        matcher = routeMatcher(fault.route);
        matchers.set(fault, matcher);
      }
      return matcher(target.method, target.path);
    },
  });
}

/** Cuts a page short before its first form or table, as a truncated transfer would leave it. */
export function breakMarkup(html: string): string {
  const start = Math.max(0, html.indexOf('id="main-column'));
  const candidates = ['<form', '<table'].map((t) => html.indexOf(t, start)).filter((i) => i > 0);
  const cut = candidates.length > 0 ? Math.min(...candidates) : Math.floor(html.length / 2);
  return html.slice(0, cut);
}

/** Cuts a page inside its first form: before `cutAt` when the form contains it, else halfway; no form → brokenMarkup. */
export function truncateForm(html: string, cutAt?: string): string {
  const start = html.indexOf('<form');
  const end = start < 0 ? -1 : html.indexOf('</form>', start);
  if (start < 0 || end < 0) return breakMarkup(html);
  const marker = cutAt === undefined ? -1 : html.indexOf(cutAt, start);
  const cut = marker > start && marker < end ? marker : start + Math.floor((end - start) / 2);
  return html.slice(0, cut);
}
