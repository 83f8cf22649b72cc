import type { TransactionsSimulator } from '../src/index.js';
import { PINNED_NOW } from '../src/pinned-today.js';

export const DEMO_HEADERS = { 'X-Sonnys-API-ID': 'demo', 'X-Sonnys-API-Key': 'demo-key' };
export const DAY_S = 86_400;

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests inspect arbitrary JSON
}

/** One request to the simulator; `path` is relative to its `/v1` base. */
export async function call(
  sim: Pick<TransactionsSimulator, 'url'>,
  path: string,
  options: { headers?: Record<string, string>; method?: string; query?: Record<string, string | number> } = {},
): Promise<ApiResponse> {
  const url = new URL(sim.url + path);
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v));
  const res = await fetch(url, { method: options.method ?? 'GET', headers: options.headers ?? DEMO_HEADERS });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body };
}

/** Unix seconds. */
export const unix = (ms: number): number => Math.floor(ms / 1000);

/** A fixed clock for deterministic tests: mid-afternoon UTC, so "today" already holds data. */
export const FIXED_NOW = PINNED_NOW;

/** Start of the UTC day `daysAgo` before FIXED_NOW, in Unix seconds. */
export function dayStart(daysAgo: number, now = FIXED_NOW): number {
  return unix(Math.floor(now / 86_400_000) * 86_400_000) - daysAgo * DAY_S;
}

export async function waitFor(ms: number): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}

export const headersFor = (apiId: string, apiKey: string, siteCode?: string): Record<string, string> => ({
  'X-Sonnys-API-ID': apiId,
  'X-Sonnys-API-Key': apiKey,
  ...(siteCode !== undefined ? { 'X-Sonnys-Site-Code': siteCode } : {}),
});

/** Six busy hours (10:00–16:00 in Chicago) at one site a few days back: quick, yet many pages. */
export const SITE_DAY = { startDate: dayStart(3) + 16 * 3600, endDate: dayStart(3) + 22 * 3600, site: 'NAPER' };
