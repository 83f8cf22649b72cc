/** HTTP plumbing: the route table, query reading, replies and the listening server. No Data API rules live here. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ERROR_MESSAGES } from './envelopes.js';
import type { TransactionsEndpoint } from './types.js';

export type Endpoint = Exclude<TransactionsEndpoint, '*'>;

export interface Route {
  endpoint: Endpoint;
  params: Record<string, string>;
}

export interface Reply {
  status: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export function json(status: number, value: unknown): Reply {
  return { status, body: JSON.stringify(value) };
}

export function route(method: string, pathname: string): Route | undefined {
  if (!pathname.startsWith('/v1/')) return undefined;
  const path = pathname.slice(3).replace(/\/+$/, '');
  const isGet = method === 'GET' || method === 'HEAD';
  if (path === '/site/list') return isGet ? { endpoint: 'siteList', params: {} } : undefined;
  if (path === '/transaction') return isGet ? { endpoint: 'list', params: {} } : undefined;
  if (path === '/transaction/version-2') return isGet ? { endpoint: 'listV2', params: {} } : undefined;
  // The spec says POST; its own sample uses GET (contract §9.10). Both are accepted.
  if (path === '/transaction/load-job') return isGet || method === 'POST' ? { endpoint: 'loadJob', params: {} } : undefined;
  if (path === '/transaction/get-job-data') return isGet ? { endpoint: 'getJobData', params: {} } : undefined;
  const resource = resourceRoute(path);
  if (resource) return isGet ? resource : undefined;
  const typed = /^\/transaction\/type\/([^/]+)$/.exec(path);
  if (typed) return isGet ? { endpoint: 'listByType', params: { item_type: decode(typed[1] as string) } } : undefined;
  const byId = /^\/transaction\/([^/]+)$/.exec(path);
  if (byId) return isGet ? { endpoint: 'get', params: { trans_id: decode(byId[1] as string) } } : undefined;
  return undefined;
}

/** The paths beyond the transactions (contract §6), all GET. */
const FIXED_RESOURCES: Record<string, Endpoint> = {
  '/customer': 'customerList',
  '/recurring/account/list': 'recurringList',
  '/recurring/account/details/list': 'recurringDetailsList',
  '/recurring/account/status-list': 'recurringStatusList',
  '/recurring/account/modifications': 'recurringModifications',
  '/washbook/account/list': 'washbookList',
  // The misspelling is the real path (confirmed live).
  '/giftcard-liablilty': 'giftCardList',
  '/item': 'itemList',
  '/employee': 'employeeList',
  '/sales-outcome/list': 'salesOutcomeList',
};

const PARAM_RESOURCES: Array<[RegExp, Endpoint, string]> = [
  [/^\/customer\/([^/]+)$/, 'customerGet', 'customer_id'],
  [/^\/recurring\/account\/([^/]+)\/detail$/, 'recurringGet', 'account_id'],
  [/^\/washbook\/account\/([^/]+)\/detail$/, 'washbookGet', 'account_id'],
  [/^\/employee\/([^/]+)\/clock-entries$/, 'clockEntries', 'employee_id'],
  [/^\/employee\/([^/]+)$/, 'employeeGet', 'employee_id'],
];

function resourceRoute(path: string): Route | undefined {
  const fixed = FIXED_RESOURCES[path];
  if (fixed) return { endpoint: fixed, params: {} };
  for (const [pattern, endpoint, name] of PARAM_RESOURCES) {
    const match = pattern.exec(path);
    if (match) return { endpoint, params: { [name]: decode(match[1] as string) } };
  }
  return undefined;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The first value of each query parameter, as the API reads them. */
export function readQuery(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (!(k in query)) query[k] = v;
  return query;
}

/** Sends a reply unless the connection is already gone. */
export function send(res: ServerResponse, reply: Reply): void {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(reply.status, {
    'content-type': reply.contentType ?? 'application/json',
    'content-length': Buffer.byteLength(reply.body),
    ...reply.headers,
  });
  res.end(reply.body);
}

export interface Listening {
  port: number;
  close(): Promise<void>;
}

/** Listens with `handle`; anything it throws is the API's own 500, so a client never sees a hung request. */
export async function listen(host: string, port: number, handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>): Promise<Listening> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    // Bodies are ignored (the API takes query parameters only), but drained so keep-alive works.
    req.resume();
    handle(req, res).catch(() => {
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ type: 'ServerUnexpectedFailure', message: ERROR_MESSAGES.ServerUnexpectedFailure, code: 'SCEC0002' }));
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
