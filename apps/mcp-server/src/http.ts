import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { checkHttpExposure, type NamedToken } from './config.js';
import { SessionRegistry, type McpSessionSettings } from './http-sessions.js';

export interface McpHttpOptions {
  host: string;
  port: number;
  /** The bearer tokens a request may carry (each at least 32 characters), by the name its writes act under. */
  tokens: readonly NamedToken[];
  /** Browser origins allowed to call; requests with any other `Origin` are refused. */
  allowedOrigins: string[];
  /** Names accepted in the `Host` header besides loopback and the bind address (e.g. what a TLS proxy forwards). */
  allowedHosts?: string[];
  /** Allows a bind address other than loopback; the port must then be reachable only through TLS. */
  allowRemote?: boolean;
  /** Builds a server acting as the matched token's name, per session (or per request, stateless); tools share the long-lived clients. */
  serverFactory: (actorName: string) => McpServer;
  /** Stateful mode: sessions and resumable streams in the database. Absent: stateless. */
  sessions?: McpSessionSettings;
  log?: (message: string) => void;
}

export interface McpHttpHandle {
  url: string;
  close(): Promise<void>;
}

/** Compares tokens in constant time (hashing first makes the lengths equal). */
export function tokenMatches(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * The name of the token `given` matches, if any. Every token is compared, each in constant time, so the
 * time taken says nothing about which one (or how much of one) matched.
 */
export function matchToken(given: string, tokens: readonly NamedToken[]): string | undefined {
  let matched: string | undefined;
  for (const { name, token } of tokens) {
    if (tokenMatches(given, token)) matched ??= name;
  }
  return matched;
}

/** JSON-RPC's shape for a refusal before the protocol; `-32001` is what the SDK answers for an unknown session. */
function reject(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}, code = -32000): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/** Host names the server answers to: anything else is a DNS-rebinding attempt. */
function allowedHostNames(bindHost: string, extra: readonly string[]): Set<string> {
  const names = ['127.0.0.1', 'localhost', '[::1]', bindHost.includes(':') ? `[${bindHost}]` : bindHost, ...extra];
  return new Set(names.map((name) => name.toLowerCase()));
}

/** The SDK's own bound on a request body (4 MiB): the body is read here, to see whether it initializes a session. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

class BodyTooLargeError extends Error {}

async function readBody(req: IncomingMessage): Promise<string> {
  if (Number(req.headers['content-length']) > MAX_BODY_BYTES) throw new BodyTooLargeError();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The request as the SDK's web-standard transport takes it (the body already read). */
function webRequest(req: IncomingMessage, body: string | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const url = new URL(req.url ?? '/mcp', 'http://localhost');
  return new Request(url, { method: req.method ?? 'GET', headers, ...(body === undefined ? {} : { body }) });
}

/**
 * Writes the transport's answer, streaming an SSE body event by event. A client that goes away cancels the body,
 * which is how the transport learns the stream is gone (its later events are then only stored, for a resume).
 */
async function writeWebResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  res.flushHeaders();
  const reader = response.body.getReader();
  res.once('close', () => void reader.cancel().catch(() => undefined));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch {
    // The client went away: the transport has been told through the cancel.
  } finally {
    res.end();
  }
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The `initialize` request's parameters when `message` is one (a batch never initializes: the SDK refuses it). */
function initializeParams(message: unknown): Record<string, unknown> | undefined {
  return isInitializeRequest(message) ? (message.params as unknown as Record<string, unknown>) : undefined;
}

/**
 * The streamable HTTP entry on `/mcp`. With `sessions`, stateful: `initialize` opens a session recorded in the
 * database (`Mcp-Session-Id`), any instance on that database serves it, streams are resumable after `Last-Event-ID`
 * and DELETE ends it. Without, stateless: every POST stands alone and GET/DELETE are answered 405.
 * Order of checks: Host (DNS rebinding), Origin (browsers), bearer token; only then the protocol.
 */
export async function startMcpHttpServer(options: McpHttpOptions): Promise<McpHttpHandle> {
  checkHttpExposure({ host: options.host, tokens: options.tokens, allowRemote: options.allowRemote ?? false });
  const hosts = allowedHostNames(options.host, options.allowedHosts ?? []);
  const origins = new Set(options.allowedOrigins);
  const log = options.log ?? (() => undefined);
  const sessions = options.sessions ? new SessionRegistry(options.sessions, options.serverFactory, log) : undefined;

  /** Stateless: a server and transport for this one POST, closed with its response. */
  const serveStateless = async (req: IncomingMessage, res: ServerResponse, actorName: string, body: string): Promise<void> => {
    const server = options.serverFactory(actorName);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.once('close', () => void server.close());
    await server.connect(transport);
    const parsedBody = parseJson(body);
    await writeWebResponse(await transport.handleRequest(webRequest(req, body), parsedBody === undefined ? {} : { parsedBody }), res);
  };

  const serveSession = async (req: IncomingMessage, res: ServerResponse, registry: SessionRegistry, actorName: string, body: string | undefined): Promise<void> => {
    const parsedBody = body === undefined ? undefined : parseJson(body);
    const handleOptions = parsedBody === undefined ? {} : { parsedBody };
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId !== 'string') {
      const initialize = req.method === 'POST' ? initializeParams(parsedBody) : undefined;
      if (!initialize) return reject(res, 400, 'Bad Request: Mcp-Session-Id header is required (send initialize first).');
      const session = await registry.open(actorName, initialize);
      const response = await session.transport.handleRequest(webRequest(req, body), handleOptions);
      // A refused initialize opened nothing: its server goes now.
      if (session.transport.sessionId === undefined || !response.ok) void session.server.close();
      return writeWebResponse(response, res);
    }
    // Unknown, expired, ended, or another token's: the same answer, and the client initializes again.
    const session = await registry.find(sessionId, actorName);
    if (!session) return reject(res, 404, 'Session not found: initialize a new one.', {}, -32001);
    await writeWebResponse(await session.transport.handleRequest(webRequest(req, body), handleOptions), res);
  };

  const handler = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://placeholder');
    const hostHeader = req.headers.host ?? '';
    const hostName = hostHeader.replace(/:\d+$/, '').toLowerCase();
    if (!hosts.has(hostName)) return reject(res, 403, `Host "${hostHeader}" is not allowed.`);
    const origin = req.headers.origin;
    if (origin !== undefined && !origins.has(origin)) return reject(res, 403, `Origin "${origin}" is not allowed.`);
    const auth = req.headers.authorization ?? '';
    const token = /^Bearer\s+(.+)$/i.exec(auth)?.[1]?.trim();
    const actorName = token ? matchToken(token, options.tokens) : undefined;
    if (actorName === undefined) return reject(res, 401, 'Missing or wrong bearer token.', { 'www-authenticate': 'Bearer' });
    if (url.pathname !== '/mcp') return reject(res, 404, 'Not found: the MCP endpoint is /mcp.');
    const methods = sessions ? ['POST', 'GET', 'DELETE'] : ['POST'];
    if (!methods.includes(req.method ?? '')) {
      return reject(res, 405, sessions ? 'Use POST, GET or DELETE on /mcp.' : 'This server is stateless: use POST /mcp.', { allow: methods.join(', ') });
    }

    try {
      const body = req.method === 'POST' ? await readBody(req) : undefined;
      if (sessions) await serveSession(req, res, sessions, actorName, body);
      else await serveStateless(req, res, actorName, body ?? '');
    } catch (error) {
      if (error instanceof BodyTooLargeError) return reject(res, 413, `Payload Too Large: the body must not exceed ${MAX_BODY_BYTES} bytes.`);
      log(`MCP request failed: ${(error as Error).message}`);
      if (!res.headersSent) reject(res, 500, 'Internal server error.');
      else res.end();
    }
  };

  const http: Server = createHttpServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${shownHost}:${port}/mcp`,
    close: async () => {
      await sessions?.close();
      await new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      });
    },
  };
}
