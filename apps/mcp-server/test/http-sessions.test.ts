import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, type StreamableHTTPReconnectionOptions } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolResultSchema, type CallToolResult, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { openStore, type Store } from '@washops/store';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startMcpHttpServer, type McpHttpHandle, type McpHttpOptions } from '../src/http.js';

// Sessions in the database: any instance on it serves any session, and a dropped stream resumes after its
// Last-Event-ID with the rest of its progress and its result, once.

const TOKEN = 'session-token-0123456789abcdef012345';
const OTHER_TOKEN = 'other-session-token-0123456789abcdef';
const TOKENS = [
  { name: 'http', token: TOKEN },
  { name: 'nightly-sync', token: OTHER_TOKEN },
];
const STEPS = 8;
const STEP_MS = 300;
/** When the slow tool last finished a call (to tell a resume during the call from one after it). */
let lastFinishedAt = 0;
/** When the slow tool sent each progress notification, by `token:step` (to tell a followed one from a replayed one). */
const progressSentAt = new Map<string, number>();

/** A server with one slow tool reporting progress per step, like an export or a bulk run. */
function slowServer(): McpServer {
  const server = new McpServer({ name: 'sessions-test', version: '1' });
  server.registerTool(
    'count_slowly',
    { description: 'Counts to `steps`, one step every `stepMs`, with progress.', inputSchema: { steps: z.number().int().min(1).max(50), stepMs: z.number().int().min(0).max(2000) } },
    async ({ steps, stepMs }, extra) => {
      const progressToken = extra._meta?.progressToken;
      for (let step = 1; step <= steps; step += 1) {
        await new Promise((resolve) => setTimeout(resolve, stepMs));
        if (progressToken !== undefined) {
          progressSentAt.set(`${String(progressToken)}:${step}`, Date.now());
          await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: step, total: steps } });
        }
      }
      lastFinishedAt = Date.now();
      return { content: [{ type: 'text', text: `counted to ${steps}` }] };
    },
  );
  return server;
}

/** Two stores on one embedded database (the second reaches it through the first's socket), as two processes would. */
let stores: [Store, Store];
let dataDir: string;
const handles: McpHttpHandle[] = [];

/** An HTTP server on the database; `which` picks the store, so two instances share no connection. */
async function instance(sessions: Partial<NonNullable<McpHttpOptions['sessions']>> = {}, which: 0 | 1 = 0): Promise<McpHttpHandle> {
  const handle = await startMcpHttpServer({
    host: '127.0.0.1',
    port: 0,
    tokens: TOKENS,
    allowedOrigins: [],
    serverFactory: slowServer,
    sessions: { queries: stores[which].mcpSessions, ...sessions },
  });
  handles.push(handle);
  return handle;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'washops-mcp-sessions-'));
  const first = await openStore({ dataDir });
  stores = [first, await openStore({ dataDir })];
});
afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
  await stores[1].close();
  await stores[0].close();
  await rm(dataDir, { recursive: true, force: true });
});

const QUICK_RECONNECT: StreamableHTTPReconnectionOptions = { initialReconnectionDelay: 50, maxReconnectionDelay: 200, reconnectionDelayGrowFactor: 1, maxRetries: 3 };

function transportTo(
  url: string,
  options: { token?: string; sessionId?: string; fetch?: typeof fetch; reconnectionOptions?: StreamableHTTPReconnectionOptions } = {},
): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${options.token ?? TOKEN}` } },
    reconnectionOptions: options.reconnectionOptions ?? QUICK_RECONNECT,
    ...(options.sessionId ? { sessionId: options.sessionId } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

async function connected(transport: StreamableHTTPClientTransport): Promise<{ client: Client; received: JSONRPCMessage[] }> {
  const client = new Client({ name: 'sessions-test', version: '1' });
  await client.connect(transport);
  // Every message the client is handed, to count progress and results.
  const received: JSONRPCMessage[] = [];
  const deliver = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    received.push(message);
    deliver?.(message);
  };
  return { client, received };
}

/** A POST with a session id, as a client without the SDK would send it. */
function listTools(url: string, sessionId: string, token = TOKEN): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'mcp-session-id': sessionId, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }),
  });
}

/**
 * A `count_slowly` call on `url` through a connection cut after `dropAfter` progress notifications, whose client never
 * reconnects (it never sees the end); the call's last event id is kept for a resume elsewhere.
 */
async function droppedCall(url: string, dropAfter: number, call: { stepMs: number; progressToken: string }) {
  const drop = droppingFetch(dropAfter);
  const transport = transportTo(url, { fetch: drop.fetch, reconnectionOptions: { ...QUICK_RECONNECT, maxRetries: 0 } });
  const { client, received } = await connected(transport);
  let lastEventId: string | undefined;
  void client
    .request(
      { method: 'tools/call', params: { name: 'count_slowly', arguments: { steps: STEPS, stepMs: call.stepMs }, _meta: { progressToken: call.progressToken } } },
      CallToolResultSchema,
      { onresumptiontoken: (token) => (lastEventId = token) },
    )
    .catch(() => undefined);
  return { drop, transport, client, received, lastEventId: () => lastEventId };
}

/**
 * A fetch whose `tools/call` stream is cut (the socket too) once `after` progress notifications have come through it,
 * as when a proxy or a network drops a long call; every request is recorded.
 */
function droppingFetch(after: number): { fetch: typeof fetch; requests: { method: string; lastEventId: string | null; at: number }[]; dropped: () => boolean } {
  const requests: { method: string; lastEventId: string | null; at: number }[] = [];
  let dropped = false;
  const dropping = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    requests.push({ method: init.method ?? 'GET', lastEventId: headers.get('last-event-id'), at: Date.now() });
    const abort = new AbortController();
    init.signal?.addEventListener('abort', () => abort.abort());
    const response = await fetch(input, { ...init, signal: abort.signal });
    const isCall = init.method === 'POST' && typeof init.body === 'string' && init.body.includes('"tools/call"');
    if (!isCall || !response.body || dropped) return response;
    const decoder = new TextDecoder();
    let seen = 0;
    const cut = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (seen >= after) {
          dropped = true;
          abort.abort();
          controller.error(new Error('connection dropped'));
          return;
        }
        seen += decoder.decode(chunk, { stream: true }).split('notifications/progress').length - 1;
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(cut), { status: response.status, headers: response.headers });
  };
  return { fetch: dropping as typeof fetch, requests, dropped: () => dropped };
}

const progressOf = (received: JSONRPCMessage[]): number[] =>
  received.flatMap((message) => ('method' in message && message.method === 'notifications/progress' ? [Number((message.params as { progress: number }).progress)] : []));
const resultsOf = (received: JSONRPCMessage[]): unknown[] => received.filter((message) => 'result' in message && 'content' in (message.result as object));

describe('HTTP sessions in the database', () => {
  it('initialize hands out a session id; requests with it work, and a second instance serves it too', async () => {
    const first = await instance();
    const second = await instance({}, 1);
    const transport = transportTo(first.url);
    const { client } = await connected(transport);
    const sessionId = transport.sessionId as string;
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['count_slowly']);

    // The other instance has never seen it: it finds it in the database and serves it.
    const elsewhere = transportTo(second.url, { sessionId });
    const { client: resumed } = await connected(elsewhere);
    const result = (await resumed.callTool({ name: 'count_slowly', arguments: { steps: 2, stepMs: 0 } })) as CallToolResult;
    expect(result.content).toEqual([{ type: 'text', text: 'counted to 2' }]);
    expect((await listTools(second.url, sessionId)).status).toBe(200);

    // Another token's requests cannot use it, nor can a made-up id.
    expect((await listTools(second.url, sessionId, OTHER_TOKEN)).status).toBe(404);
    expect((await listTools(first.url, 'made-up')).status).toBe(404);
    const notFound = (await (await listTools(first.url, 'made-up')).json()) as { error: { code: number } };
    expect(notFound.error.code).toBe(-32001);

    // DELETE on one instance ends it for both.
    await transport.terminateSession();
    expect((await listTools(first.url, sessionId)).status).toBe(404);
    expect((await listTools(second.url, sessionId)).status).toBe(404);
    await Promise.all([client.close(), resumed.close()]);
  });

  it('answers 400 to a request without a session id that is not an initialize', async () => {
    const handle = await instance();
    const response = await fetch(handle.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(response.status).toBe(400);
  });

  it('a session idle for its lifetime has expired: 404, and the client must initialize again', async () => {
    const handle = await instance({ idleTtlMs: 1_500 });
    const transport = transportTo(handle.url);
    const { client } = await connected(transport);
    const sessionId = transport.sessionId as string;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await listTools(handle.url, sessionId)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await listTools(handle.url, sessionId)).status).toBe(404);
    await client.close();
  });

  it("past the bound per token, opening a session ends that token's oldest; other tokens keep theirs", async () => {
    const handle = await instance({ maxPerToken: 2 });
    const others = transportTo(handle.url, { token: OTHER_TOKEN });
    const opened = [];
    const { client: otherClient } = await connected(others);
    for (let i = 0; i < 3; i += 1) {
      const transport = transportTo(handle.url);
      opened.push({ transport, ...(await connected(transport)) });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const statuses = await Promise.all(opened.map(({ transport }) => listTools(handle.url, transport.sessionId as string).then((r) => r.status)));
    expect(statuses).toEqual([404, 200, 200]);
    expect((await listTools(handle.url, others.sessionId as string, OTHER_TOKEN)).status).toBe(200);
    await Promise.all([otherClient.close(), ...opened.map(({ client }) => client.close())]);
  });

  it('a long call whose stream drops midway resumes after Last-Event-ID: the remaining progress and the result, each once', async () => {
    const handle = await instance();
    const drop = droppingFetch(3);
    const transport = transportTo(handle.url, { fetch: drop.fetch });
    const { client, received } = await connected(transport);
    const progress: number[] = [];
    const result = (await client.callTool({ name: 'count_slowly', arguments: { steps: STEPS, stepMs: STEP_MS } }, CallToolResultSchema, {
      onprogress: ({ progress: step }) => progress.push(step),
    })) as CallToolResult;

    expect(drop.dropped()).toBe(true);
    const resumes = drop.requests.filter((request) => request.method === 'GET' && request.lastEventId !== null);
    expect(resumes.length).toBeGreaterThanOrEqual(1);
    // It resumed while the call was still running: stored events first, then the rest as they came.
    expect(resumes[0]?.at).toBeLessThan(lastFinishedAt);
    expect(result.content).toEqual([{ type: 'text', text: `counted to ${STEPS}` }]);
    const all = Array.from({ length: STEPS }, (_, i) => i + 1);
    expect(progress).toEqual(all);
    expect(progressOf(received)).toEqual(all);
    expect(resultsOf(received)).toHaveLength(1);
    await client.close();
  });

  it('a call dropped on one instance is resumed on another from the database, after it finished: the rest, once', async () => {
    const first = await instance();
    const second = await instance({}, 1);
    const { drop, transport, client, received, lastEventId } = await droppedCall(first.url, 3, { stepMs: STEP_MS / 3, progressToken: 'p1' });
    await new Promise((resolve) => setTimeout(resolve, STEPS * STEP_MS));
    expect(drop.dropped()).toBe(true);
    const before = progressOf(received);
    expect(before.length).toBeGreaterThanOrEqual(1);
    expect(before.length).toBeLessThan(STEPS);
    expect(lastEventId()).toBeDefined();

    const elsewhere = transportTo(second.url, { sessionId: transport.sessionId as string });
    const { client: resumed, received: replayed } = await connected(elsewhere);
    const result = await resumed.request({ method: 'tools/call', params: { name: 'count_slowly', arguments: { steps: STEPS, stepMs: 0 } } }, CallToolResultSchema, {
      resumptionToken: lastEventId() as string,
    });
    expect(result.content).toEqual([{ type: 'text', text: `counted to ${STEPS}` }]);
    expect([...before, ...progressOf(replayed)]).toEqual(Array.from({ length: STEPS }, (_, i) => i + 1));
    expect(resultsOf(replayed)).toHaveLength(1);
    // Another session cannot replay this one's events.
    const stranger = transportTo(second.url);
    await connected(stranger);
    const foreign = await fetch(second.url, {
      headers: { authorization: `Bearer ${TOKEN}`, 'mcp-session-id': stranger.sessionId as string, accept: 'text/event-stream', 'last-event-id': lastEventId() as string },
    });
    expect(foreign.status).toBe(400);
    await foreign.body?.cancel();
    await Promise.all([client.close(), resumed.close()]);
  });

  it('a call dropped on one instance is resumed on another while it still runs: the rest of its progress as it happens and its result, each once', async () => {
    const first = await instance();
    const second = await instance({}, 1);
    const { drop, transport, client, received, lastEventId } = await droppedCall(first.url, 2, { stepMs: STEP_MS, progressToken: 'followed' });
    const startedAt = Date.now();
    while (!drop.dropped() && Date.now() - startedAt < STEPS * STEP_MS) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(drop.dropped()).toBe(true);
    const before = progressOf(received);
    expect(before.length).toBeGreaterThanOrEqual(1);
    expect(lastEventId()).toBeDefined();

    // The resume is answered once the stored events are written to it; anything sent by the tool later was followed.
    let resumeAnsweredAt = 0;
    const recordingFetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
      const response = await fetch(input, init);
      if (new Headers(init.headers).get('last-event-id') !== null) resumeAnsweredAt = Date.now();
      return response;
    }) as typeof fetch;
    const elsewhere = transportTo(second.url, { sessionId: transport.sessionId as string, fetch: recordingFetch });
    const { client: resumed, received: resumedReceived } = await connected(elsewhere);
    // Without following, the result would never come: the request times out rather than the test.
    const result = await resumed.request({ method: 'tools/call', params: { name: 'count_slowly', arguments: { steps: STEPS, stepMs: 0 } } }, CallToolResultSchema, {
      resumptionToken: lastEventId() as string,
      timeout: 15_000,
    });
    expect(result.content).toEqual([{ type: 'text', text: `counted to ${STEPS}` }]);
    expect(resumeAnsweredAt).toBeGreaterThan(0);
    // The call was still running when the other instance answered the resume.
    expect(resumeAnsweredAt).toBeLessThan(lastFinishedAt);
    // Nothing arrives twice, even after the end (a follower sending on would show here).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = progressOf(resumedReceived);
    expect([...before, ...after]).toEqual(Array.from({ length: STEPS }, (_, i) => i + 1));
    expect(resultsOf(resumedReceived)).toHaveLength(1);
    const followed = after.filter((step) => (progressSentAt.get(`followed:${step}`) ?? 0) > resumeAnsweredAt);
    expect(followed.length).toBeGreaterThanOrEqual(1);
    await Promise.all([client.close(), resumed.close()]);
  }, 30_000);
});
