import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { checkHttpExposure, type NamedToken } from './config.js';

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
  /** Builds a server for one request (stateless mode) acting as the matched token's name; tools share the long-lived clients. */
  serverFactory: (actorName: string) => McpServer;
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

function reject(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** Host names the server answers to: anything else is a DNS-rebinding attempt. */
function allowedHostNames(bindHost: string, extra: readonly string[]): Set<string> {
  const names = ['127.0.0.1', 'localhost', '[::1]', bindHost.includes(':') ? `[${bindHost}]` : bindHost, ...extra];
  return new Set(names.map((name) => name.toLowerCase()));
}

/**
 * The streamable HTTP entry: `POST /mcp` (and `GET`/`DELETE` answered 405 in stateless mode).
 * Order of checks: Host (DNS rebinding), Origin (browsers), bearer token; only then the protocol.
 */
export async function startMcpHttpServer(options: McpHttpOptions): Promise<McpHttpHandle> {
  checkHttpExposure({ host: options.host, tokens: options.tokens, allowRemote: options.allowRemote ?? false });
  const hosts = allowedHostNames(options.host, options.allowedHosts ?? []);
  const origins = new Set(options.allowedOrigins);

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
    if (req.method !== 'POST') return reject(res, 405, 'This server is stateless: use POST /mcp.', { allow: 'POST' });

    const server = options.serverFactory(actorName);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res);
    } catch (error) {
      options.log?.(`MCP request failed: ${(error as Error).message}`);
      if (!res.headersSent) reject(res, 500, 'Internal server error.');
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
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
