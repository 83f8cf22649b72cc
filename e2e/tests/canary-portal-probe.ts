import { appRouter } from '@washops/portal-api';
import type { CapturedText } from './canary-harness.js';

/** `ok`, a tRPC error code (`UNAUTHORIZED`), or `HTTP <status>` for an answer without one. */
export type Outcome = string;
/** What a call must come to: `ok`, a specific code, or `error` for any failure. */
export type Expected = 'ok' | 'error' | (string & {});

type ProcedureType = 'query' | 'mutation' | 'subscription';

/** Every procedure of the router, by its dotted path, with its type: the list the canary must cover. */
export function routerProcedures(): Map<string, ProcedureType> {
  // Typed as the nested router record; at run time it is flat, keyed by the dotted path.
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: ProcedureType } }>;
  return new Map(Object.entries(procedures).map(([path, procedure]) => [path, procedure._def.type]));
}

/** Procedures the portal's browser client sends over the streaming link (`STREAMED_PATHS` of the portal). */
const STREAMED = new Set(['transactions.list']);

export interface Reply {
  outcome: Outcome;
  status: number;
  body: string;
  setCookie: string | null;
}

export interface CallOptions {
  /** The `Cookie` header; absent for a signed-out caller. */
  cookie?: string | undefined;
  /** The `Origin` of a mutation; the portal's own by default, as a browser sends it. */
  origin?: string;
  expect: Expected;
}

function outcomeOf(status: number, body: string): Outcome {
  // The error shape of the portal's formatter, in a JSON answer or a line of a streamed one.
  const code = /"code":-3\d{4},"message":"(?:[^"\\]|\\.)*","data":\{"code":"([A-Z_]+)"/.exec(body)?.[1];
  if (code) return code;
  return status >= 200 && status < 300 ? 'ok' : `HTTP ${status}`;
}

function headerText(response: Response): string {
  return [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
}

/**
 * Calls the portal over HTTP the way its browser client does (tRPC batch requests of one), records
 * every answer (status, headers, body) for the scan, and checks each call came to what the step expects.
 */
export class PortalProbe {
  readonly called = new Set<string>();
  readonly mismatches: string[] = [];
  readonly #types = routerProcedures();

  constructor(
    readonly url: string,
    private readonly captured: CapturedText,
  ) {}

  async call(label: string, path: string, input: unknown, options: CallOptions): Promise<Reply> {
    const type = this.#types.get(path);
    if (type === undefined) throw new Error(`${path} is not a procedure of appRouter`);
    this.called.add(path);
    const headers: Record<string, string> = {};
    if (options.cookie) headers['cookie'] = options.cookie;
    if (STREAMED.has(path)) headers['trpc-accept'] = 'application/jsonl';
    const batch = JSON.stringify({ 0: input });
    let response: Response;
    if (type === 'mutation') {
      headers['content-type'] = 'application/json';
      headers['origin'] = options.origin ?? this.url;
      headers['sec-fetch-site'] = options.origin === undefined ? 'same-origin' : 'cross-site';
      response = await this.#fetch(`/api/trpc/${path}?batch=1`, { method: 'POST', headers, body: batch });
    } else {
      response = await this.#fetch(`/api/trpc/${path}?batch=1&input=${encodeURIComponent(batch)}`, { headers });
    }
    return this.#record(`${label} (${path})`, response, options.expect);
  }

  /** A page or a download route, with the caller's cookie. */
  async get(label: string, pathname: string, options: CallOptions): Promise<Reply> {
    const headers: Record<string, string> = options.cookie ? { cookie: options.cookie } : {};
    return this.#record(`${label} (GET ${pathname})`, await this.#fetch(pathname, { headers, redirect: 'manual' }), options.expect);
  }

  #fetch(pathname: string, init: RequestInit): Promise<Response> {
    // Generous: a list streams pages under the Data API's real-time rate window.
    return fetch(`${this.url}${pathname}`, { ...init, signal: AbortSignal.timeout(180_000) });
  }

  async #record(label: string, response: Response, expected: Expected): Promise<Reply> {
    const body = await response.text();
    this.captured.add(`portal ${label}`, `HTTP ${response.status}\n${headerText(response)}\n\n${body}`);
    const outcome = outcomeOf(response.status, body);
    const matches = expected === 'error' ? outcome !== 'ok' : outcome === expected;
    if (!matches) this.mismatches.push(`${label}: expected ${expected}, got ${outcome}: ${body.slice(0, 300)}`);
    return { outcome, status: response.status, body, setCookie: response.headers.get('set-cookie') };
  }
}

/** The `data` of the first result of a non-streamed batch answer. */
export function dataOf<T>(reply: Reply): T {
  const [first] = JSON.parse(reply.body) as [{ result?: { data: T } }];
  if (!first?.result) throw new Error(`no result in ${reply.body.slice(0, 300)}`);
  return first.result.data;
}

/** `name=value` of the session cookie a sign-in set. */
export function sessionCookieOf(reply: Reply): string {
  const cookie = reply.setCookie?.split(';')[0];
  if (!cookie) throw new Error(`the sign-in set no cookie: ${reply.body.slice(0, 300)}`);
  return cookie;
}
