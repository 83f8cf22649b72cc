import type { BackofficeSimulator } from '@washops/backoffice-simulator';
import { BO_TEMPLATES, BO_TOKENS } from '@washops/backoffice-simulator';
import { describeError } from '@washops/client-core';
import { BackofficeClient, type BackofficeClientOptions, type CreateEmployeeInput } from '../../src/index.js';

export interface RecordedCall {
  method: string;
  path: string;
  start: number;
  end: number;
  /** The status, or why no answer came (`failed: …`); empty while in flight. */
  outcome: string;
}

/** A fetch that records every call (with its timing), optionally rewriting a request body first. */
export function recordingFetch(rewrite?: (method: string, path: string, body: string) => string): {
  fetch: typeof fetch;
  calls: RecordedCall[];
} {
  const calls: RecordedCall[] = [];
  const wrapped = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = init?.method ?? 'GET';
    const path = url.pathname + url.search;
    let body = init?.body;
    if (rewrite && typeof body === 'string') body = rewrite(method, url.pathname, body);
    const call: RecordedCall = { method, path, start: performance.now(), end: Number.NaN, outcome: '' };
    calls.push(call);
    try {
      const response = await fetch(input, { ...init, body });
      call.outcome = String(response.status);
      return response;
    } catch (error) {
      call.outcome = `failed: ${describeError(error)}`;
      throw error;
    } finally {
      call.end = performance.now();
    }
  };
  return { fetch: wrapped as typeof fetch, calls };
}

/**
 * Round-trip waves: the longest chain of calls where each one started only after the previous
 * had answered. Calls in flight together share a wave; a call that starts after another ended
 * counts one wave later (it may have depended on it).
 */
export function countWaves(calls: RecordedCall[]): number {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const waveOf: number[] = [];
  sorted.forEach((call, i) => {
    let wave = 1;
    for (let j = 0; j < i; j++) {
      const earlier = sorted[j] as RecordedCall;
      if (earlier.end <= call.start) wave = Math.max(wave, (waveOf[j] ?? 0) + 1);
    }
    waveOf.push(wave);
  });
  return Math.max(0, ...waveOf);
}

export function clientFor(sim: BackofficeSimulator, extra: Partial<BackofficeClientOptions> = {}): BackofficeClient {
  return new BackofficeClient({ baseUrl: sim.url, username: 'bot', password: 'bot-password', ...extra });
}

let counter = 0;
/** A fresh, valid createEmployee input whose POS id, email and phone are not in the seeded tenant. */
export function newEmployee(overrides: Partial<CreateEmployeeInput> = {}): CreateEmployeeInput & { posUserId: number; email: string; phone: string } {
  counter++;
  const n = 800_000 + counter * 7 + Math.floor(Math.random() * 5);
  return {
    firstName: 'Test',
    lastName: `Person${counter}`,
    phone: `(777) ${String(100 + (n % 900)).padStart(3, '0')}-${String(n % 10_000).padStart(4, '0')}`,
    email: `test.person${n}@example.invalid`,
    posUserId: n,
    wageRate: 17.25,
    startDate: '2026-05-01',
    availableSites: ['WashU Fiesta', 'nolo'],
    permission: 'Cashier',
    departments: ['Greeter'],
    ...overrides,
  };
}

/** The form POSTs the simulator received (sign-ins aside), optionally to one path only. */
export function postsOf(sim: BackofficeSimulator, path?: string): ReturnType<BackofficeSimulator['control']['requests']> {
  return sim.control.requests().filter((r) => r.method === 'POST' && r.path !== '/login_check' && (path === undefined || r.path === path));
}

/** A Back Office template's tokens in the page's matrix order, as the simulator stores a user's enabled tokens. */
export function templateTokens(name: string): string[] {
  const template = BO_TEMPLATES.find((t) => t.name === name);
  if (!template) throw new Error(`no Back Office template '${name}' in the simulator's catalog`);
  return BO_TOKENS.filter((token) => template.tokens.includes(token));
}
