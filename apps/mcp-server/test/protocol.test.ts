import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { BackofficeClient } from '@washops/backoffice-client';
import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import { openResourceReads } from '@washops/operations';
import { TransactionsClient } from '@washops/transactions-client';
import { pinnedClock, startTransactionsSimulator, type TransactionsSimulator } from '@washops/transactions-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpHttpServer, type McpHttpHandle } from '../src/http.js';
import { createServer } from '../src/server.js';
import { auditedServicesOver, type AuditedServices } from './audited-services.js';
import { fakeKpis } from './fake-kpis.js';
import { fakeReports } from './fake-reports.js';
import { fakeWarehouse } from './fake-warehouse.js';
import { quiet } from './mcp-harness.js';
import { protocolSuite } from './protocol-suite.js';

/** A subscriber of the Back Office site tree hears of a refresh that read the sites again, and nothing once it unsubscribes. */
async function subscriptionSuite(client: () => Client): Promise<void> {
  const c = client();
  const updated: string[] = [];
  c.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => void updated.push(notification.params.uri));
  await c.subscribeResource({ uri: 'washops://backoffice/sites' });
  await c.callTool({ name: 'list_sites', arguments: {} });
  await c.callTool({ name: 'list_permissions', arguments: { refresh: true } });
  expect(updated).toEqual([]);
  await c.callTool({ name: 'list_sites', arguments: { refresh: true } });
  await expect.poll(() => updated).toEqual(['washops://backoffice/sites']);
  await c.unsubscribeResource({ uri: 'washops://backoffice/sites' });
  await c.callTool({ name: 'list_sites', arguments: { refresh: true } });
  await c.listTools();
  expect(updated).toEqual(['washops://backoffice/sites']);
  await expect(c.subscribeResource({ uri: 'washops://nowhere' })).rejects.toThrow(/Cannot subscribe/);
}

// Over HTTP both ways the server runs: stateless (a server per POST: a level set or a subscription lasts one request)
// and with sessions in the database (one server per session: both stick, updates come on the session's GET stream).
describe.each([
  { mode: 'stateless', stateful: false },
  { mode: 'with sessions', stateful: true },
])('prompts, resources, completion and logging over streamable HTTP, $mode', ({ stateful }) => {
  const TOKEN = 'protocol-token-0123456789abcdef0123456789';
  const BOT = { username: 'bot', password: 'bot-password-canary-51d' };
  const API = { apiId: 'demo', apiKey: 'api-key-canary-7a0c' };
  const clock = pinnedClock();
  let bo: BackofficeSimulator;
  let api: TransactionsSimulator;
  let audited: AuditedServices;
  let transactions: TransactionsClient;
  let http: McpHttpHandle;
  let client: Client;

  beforeAll(async () => {
    [bo, api] = await Promise.all([startBackofficeSimulator({ port: 0, users: [BOT] }), startTransactionsSimulator({ port: 0, credentials: [API], timeScale: 0.01, clock })]);
    audited = await auditedServicesOver(new BackofficeClient({ subdomain: 'demo', ...BOT, baseUrl: bo.url }), quiet);
    transactions = new TransactionsClient({ ...API, baseUrl: api.url, rateLimit: { requests: 20, windowMs: 150 }, clock });
    const services = {
      ...audited.servicesFor('http'),
      transactions,
      warehouse: fakeWarehouse().services,
      reports: fakeReports().reports,
      kpis: fakeKpis().kpis,
      resources: openResourceReads({ store: audited.store }),
    };
    http = await startMcpHttpServer({
      host: '127.0.0.1',
      port: 0,
      tokens: [{ name: 'http', token: TOKEN }],
      allowedOrigins: [],
      serverFactory: () => createServer({ services, logger: quiet }),
      ...(stateful ? { sessions: { queries: audited.store.mcpSessions } } : {}),
    });
    client = new Client({ name: 'protocol-http', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await http?.close();
    await Promise.allSettled([audited?.close(), transactions?.close()]);
    await Promise.allSettled([bo?.close(), api?.close()]);
  });

  protocolSuite({ client: () => client, stateful, now: () => clock.now() });

  // Only where a subscription outlives its request.
  if (stateful) it('tells a subscriber when a refresh read the sites again, and no one after unsubscribing', () => subscriptionSuite(() => client));
});

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));

// The built entry: the Nx `test` target depends on `build`.
describe.skipIf(!existsSync(main))('prompts, resources, completion and logging over stdio (node dist/main.js --demo)', () => {
  let dataDir: string;
  let client: Client;

  beforeAll(async () => {
    // A data folder turns the warehouse on (and with it the reports, the operator's numbers and every prompt).
    dataDir = await mkdtemp(join(tmpdir(), 'washops-mcp-protocol-'));
    const transport = new StdioClientTransport({ command: process.execPath, args: [main, '--demo'], env: { WASHOPS_DATA_DIR: dataDir }, stderr: 'pipe' });
    client = new Client({ name: 'protocol-stdio', version: '1' });
    await client.connect(transport);
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  // The server's --demo simulator runs in its process, on the system clock.
  protocolSuite({ client: () => client, stateful: true, now: Date.now });

  it('tells a subscriber when a refresh read the sites again, and no one after unsubscribing', () => subscriptionSuite(() => client));
});
