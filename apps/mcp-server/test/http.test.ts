import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpConfigError } from '../src/config.js';
import { matchToken, startMcpHttpServer, tokenMatches, type McpHttpHandle } from '../src/http.js';
import { createServer } from '../src/server.js';

const TOKEN = 'test-token-0123456789abcdef0123456789';
const OTHER_TOKEN = 'other-token-0123456789abcdef01234567';
const TOKENS = [
  { name: 'http', token: TOKEN },
  { name: 'nightly-sync', token: OTHER_TOKEN },
];
let handle: McpHttpHandle;
/** The actor each request's server was built for. */
const actors: string[] = [];

beforeAll(async () => {
  handle = await startMcpHttpServer({
    host: '127.0.0.1',
    port: 0,
    tokens: TOKENS,
    allowedOrigins: ['http://allowed.example'],
    allowedHosts: ['MCP.example.com'],
    serverFactory: (actorName) => {
      actors.push(actorName);
      return createServer({ services: {} });
    },
  });
});
afterAll(() => handle.close());

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
});

function post(headers: Record<string, string>): Promise<Response> {
  return fetch(handle.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: initialize,
  });
}

async function statusWithHost(host: string): Promise<number> {
  const { request } = await import('node:http');
  const url = new URL(handle.url);
  return new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: '/mcp',
        method: 'POST',
        headers: { host, authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(initialize);
  });
}

describe('streamable HTTP entry', () => {
  it('answers 401 without a token and with a wrong one', async () => {
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await post({ authorization: 'Basic abc' })).status).toBe(401);
  });

  it('answers 403 to a foreign Origin, even with the right token', async () => {
    const response = await post({ authorization: `Bearer ${TOKEN}`, origin: 'https://evil.example' });
    expect(response.status).toBe(403);
  });

  it('answers 403 to a foreign Host header (DNS rebinding), and serves a Host listed in allowedHosts', async () => {
    expect(await statusWithHost('evil.example')).toBe(403);
    expect(await statusWithHost('mcp.example.com:443')).toBe(200);
  });

  it('refuses to start with a short token or, without allowRemote, on a non-loopback address', async () => {
    const options = { port: 0, allowedOrigins: [], serverFactory: () => createServer({ services: {} }) };
    const short = [{ name: 'http', token: 'short-token' }];
    await expect(startMcpHttpServer({ ...options, host: '127.0.0.1', tokens: short })).rejects.toThrow(/openssl rand -hex 32/);
    await expect(startMcpHttpServer({ ...options, host: '127.0.0.1', tokens: [] })).rejects.toBeInstanceOf(McpConfigError);
    await expect(startMcpHttpServer({ ...options, host: '0.0.0.0', tokens: TOKENS })).rejects.toBeInstanceOf(McpConfigError);
    const remote = await startMcpHttpServer({ ...options, host: '0.0.0.0', tokens: TOKENS, allowRemote: true });
    expect(new URL(remote.url).hostname).toBe('0.0.0.0');
    await remote.close();
  });

  it('serves the protocol with the right token, from an allowed origin or none', async () => {
    expect((await post({ authorization: `Bearer ${TOKEN}`, origin: 'http://allowed.example' })).status).toBe(200);
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(handle.url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
    expect(client.getServerVersion()?.name).toBe('washops');
    await client.close();
  });

  it('builds each request\'s server for the name of the token it carried', async () => {
    actors.length = 0;
    expect((await post({ authorization: `Bearer ${OTHER_TOKEN}` })).status).toBe(200);
    expect((await post({ authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await post({ authorization: `Bearer ${OTHER_TOKEN}x` })).status).toBe(401);
    expect(actors).toEqual(['nightly-sync', 'http']);
  });

  it('binds to the loopback address', () => {
    expect(new URL(handle.url).hostname).toBe('127.0.0.1');
  });

  it('compares tokens in constant time and exactly', () => {
    expect(tokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(tokenMatches(TOKEN.slice(0, -1), TOKEN)).toBe(false);
    expect(tokenMatches('', TOKEN)).toBe(false);
    expect(matchToken(OTHER_TOKEN, TOKENS)).toBe('nightly-sync');
    expect(matchToken(TOKEN, TOKENS)).toBe('http');
    expect(matchToken(TOKEN.slice(0, -1), TOKENS)).toBeUndefined();
    expect(matchToken(TOKEN, [])).toBeUndefined();
  });
});
