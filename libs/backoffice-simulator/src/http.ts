/** The HTTP side: the server, body reading, routing, and the faults applied around a handler. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { breakMarkup, truncateForm, type BackofficeFault } from './faults.js';
import { FormBody } from './form.js';
import { notFound, redirect, type Reply, type RequestContext, type Route } from './handlers/replies.js';
import { renderErrorPage } from './pages/layout.js';
import type { LoggedRequest } from './request-log.js';
import type { Session } from './sessions.js';
import type { SimState } from './state.js';

const MAX_BODY_BYTES = 20 * 1024 * 1024;
const BODY_TOO_LARGE = 'body too large';

const BASE_HEADERS: Record<string, string> = {
  'Content-Type': 'text/html; charset=UTF-8',
  'Cache-Control': 'max-age=0, must-revalidate, no-cache, no-store, private',
  Pragma: 'no-cache',
  'Strict-Transport-Security': 'max-age=15768000',
  'X-Content-Type-Options': 'nosniff',
  Vary: 'User-Agent',
  Server: 'Sonnys Controls',
};

function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error(BODY_TOO_LARGE));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Public routes answer anyone; every other path sends a signed-out visitor to the login page. */
function dispatch(routes: readonly Route[], ctx: RequestContext): Reply {
  for (const route of routes) {
    if (route.method !== ctx.method) continue;
    let params: string[];
    if (typeof route.path === 'string') {
      if (route.path !== ctx.path) continue;
      params = [];
    } else {
      const m = route.path.exec(ctx.path);
      if (!m) continue;
      params = m.slice(1);
    }
    if (!route.public && ctx.session.username === null) return redirect('/login');
    return route.handle(ctx, params);
  }
  return ctx.session.username === null ? redirect('/login') : notFound();
}

function has(fired: BackofficeFault[], kind: BackofficeFault['kind']): boolean {
  return fired.some((f) => f.kind === kind);
}

async function handleRequest(sim: SimState, routes: readonly Route[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const path = url.pathname;
  const isPost = method === 'POST';
  const rawBody = isPost ? await readBody(req) : '';
  const isForm = isPost && String(req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
  const form = isForm ? FormBody.parse(rawBody) : new FormBody([]);
  const entry: LoggedRequest = { method, path, query: Object.fromEntries(url.searchParams), status: 0, at: sim.clock.now() };
  if (isPost) entry.body = form.pairs.map(([k, v]) => [k, v] as [string, string]);
  sim.log.add(entry);

  if (sim.latencyMs > 0) await sim.clock.sleep(sim.latencyMs);
  const fired = sim.faults.fire({ method, path });
  if (has(fired, 'drop')) {
    req.socket.destroy();
    return;
  }
  const serverError = fired.find((f) => f.kind === 'serverError');
  if (serverError) {
    const status = serverError.status ?? 500;
    entry.status = status;
    res.writeHead(status, BASE_HEADERS);
    res.end(renderErrorPage(status, status === 503 ? 'Service Unavailable' : 'Internal Server Error'));
    return;
  }
  for (const f of fired) if (f.kind === 'slow') await sim.clock.sleep(f.delayMs ?? 5000);
  const cookieId = readCookie(req.headers.cookie, 'PHPSESSID');
  if (has(fired, 'expireSession') && cookieId) sim.sessions.end(cookieId);

  const session = sim.sessions.live(cookieId) ?? sim.sessions.create();
  let replySession: Session | null = session.id === cookieId ? null : session;
  sim.sessions.touch(session);
  const ctx: RequestContext = { method, path, url, form, session, sim, replaceSession: (s) => (replySession = s) };
  const before = isPost && has(fired, 'acceptButIgnore') ? sim.store.snapshot() : null;
  const reply = dispatch(routes, ctx);
  if (before) sim.store.restore(before);
  // The server did the work, but the answer never arrives: only a client that never re-sends such a POST stays correct.
  if (has(fired, 'dropAfterApply')) {
    req.socket.destroy();
    return;
  }
  let body = reply.body;
  if (reply.status === 200 && has(fired, 'brokenMarkup')) body = breakMarkup(body);
  const truncation = reply.status === 200 ? fired.find((f) => f.kind === 'truncatedForm') : undefined;
  if (truncation) body = truncateForm(body, truncation.cutAt);
  const headers: Record<string, string> = { ...BASE_HEADERS };
  if (reply.location) headers.Location = reply.location;
  if (replySession) headers['Set-Cookie'] = `PHPSESSID=${replySession.id}; path=/; HttpOnly; SameSite=Lax`;
  entry.status = reply.status;
  if (reply.location) entry.location = reply.location;
  res.writeHead(reply.status, headers);
  res.end(body);
}

export interface Listening {
  port: number;
  close(): Promise<void>;
}

/** Serves the routes on 127.0.0.1; `close()` also ends kept-alive connections. */
export async function listen(sim: SimState, routes: readonly Route[], port: number): Promise<Listening> {
  const server = createServer((req, res) => {
    handleRequest(sim, routes, req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, BASE_HEADERS);
        res.end(renderErrorPage(500, 'Internal Server Error'));
      }
      if (!(error instanceof Error && error.message === BODY_TOO_LARGE)) console.error('backoffice simulator: request failed', error);
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        for (const socket of sockets) socket.destroy();
      }),
  };
}
