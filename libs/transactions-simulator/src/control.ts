/** The control surface tests and tools drive: the request log, faults, time scale, latency, quirks and the chain. */
import { REGIONS, SITES, siteByCode, type ChainSite } from './chain.js';
import { resolveRealism } from './envelopes.js';
import type { FixedWindowCounter } from './fixed-window.js';
import type { SimState } from './handlers/context.js';
import type { RequestLog } from './request-log.js';
import type { TransactionsSimulatorControl } from './types.js';

export function controlSurface(state: SimState, log: RequestLog, throttle: FixedWindowCounter, chain: readonly ChainSite[] = SITES): TransactionsSimulatorControl {
  const { settings } = state;
  return {
    requests: () => log.list(),
    clearRequests: () => log.clear(),
    reset: () => {
      log.clear();
      throttle.reset();
      state.jobs.clear();
      state.responseCache.clear();
      state.faults.clear();
    },
    setTimeScale: (scale) => {
      settings.timeScale = positive(scale, 'timeScale');
    },
    setLatency: (ms) => {
      settings.latencyMs = nonNegative(ms, 'latencyMs');
    },
    setJobDuration: (ms) => {
      settings.jobDurationMs = nonNegative(ms, 'jobDurationMs');
    },
    setErrorEnvelope: (value) => {
      if (value !== 'flat' && value !== 'wrapped') throw new TypeError(`Unknown error envelope: ${String(value)}`);
      settings.envelope = value;
    },
    setRealism: (value) => {
      settings.realism = resolveRealism(value);
    },
    inject: (fault) => state.faults.inject(fault),
    clearFaults: () => state.faults.clear(),
    sites: () => chain.map((s) => ({ siteId: s.siteId, code: s.code, name: s.name, timezone: s.timezone, region: s.region })),
    regions: () => REGIONS.map((r) => ({ code: r.code, name: r.name, siteCodes: chain.filter((s) => s.region === r.code).map((s) => s.code) })),
    world: () => state.store.world,
    worldRates: () => ({ ...state.store.world.rates }),
    summary: ({ siteCode, startMs, endMs }) => {
      const site = siteByCode.get(siteCode.toLowerCase());
      if (!site) throw new TypeError(`Unknown site: ${siteCode}`);
      const query = { sites: [site], startMs, endMs };
      const count = state.store.count(query);
      let totalCents = 0;
      for (let page = 1; (page - 1) * SUMMARY_PAGE < count; page++) {
        for (const row of state.store.page(query, page, SUMMARY_PAGE)) totalCents += state.store.listRow(row).total;
      }
      return { count, totalCents };
    },
  };
}

const SUMMARY_PAGE = 1000;

export function positive(value: number, name: string): number {
  if (!(typeof value === 'number' && Number.isFinite(value) && value > 0)) throw new TypeError(`${name} must be a positive number`);
  return value;
}

export function nonNegative(value: number, name: string): number {
  if (!(typeof value === 'number' && Number.isFinite(value) && value >= 0)) throw new TypeError(`${name} must be >= 0`);
  return value;
}
