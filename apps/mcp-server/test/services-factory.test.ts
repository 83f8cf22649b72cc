import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, it } from 'vitest';
import { readMcpConfig } from '../src/config.js';
import { createMcpLogger } from '../src/log.js';
import { createServer } from '../src/server.js';
import { createServices } from '../src/services-factory.js';

/** Each test opens a database and starts both simulators: slow on a busy machine. */
const START_TIMEOUT_MS = 60_000;

it('gives both clients the server\'s redacting logger, so their request and retry logs reach stderr with no secret', async () => {
  const written: string[] = [];
  const logger = createMcpLogger(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk.toString());
        done();
      },
    }),
    'debug',
  );
  const running = await createServices(readMcpConfig(['--demo'], {}), logger);
  try {
    const services = running.servicesFor('stdio');
    await services.transactions!.listSites();
    await services.backoffice!.listDepartments();
  } finally {
    await running.close();
  }
  const lines = written.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as { client?: string; level: number });
  expect(lines.some((line) => line.client === 'transactions')).toBe(true);
  expect(lines.some((line) => line.client === 'backoffice')).toBe(true);
  expect(written.join('')).not.toContain('demo-key');
  expect(written.join('')).not.toContain('bot-password');
}, START_TIMEOUT_MS);

it('binds the audited writes to the actor each caller is, on the mcp channel, over one audit log', async () => {
  const running = await createServices(readMcpConfig(['--demo'], {}));
  try {
    const stdio = running.servicesFor('stdio');
    const nightly = running.servicesFor('nightly-sync');
    expect(stdio.operations!.actor).toEqual({ channel: 'mcp', name: 'stdio' });
    expect(nightly.operations!.actor).toEqual({ channel: 'mcp', name: 'nightly-sync' });
    expect(stdio.audit).toBe(nightly.audit);
    expect(running.description).toContain('audit log: PGlite in memory');
  } finally {
    await running.close();
  }
}, START_TIMEOUT_MS);

it('gives every caller the one bulk engine, and records a bulk run as the caller that made it', async () => {
  const running = await createServices(readMcpConfig(['--demo'], {}), createMcpLogger(new Writable({ write: (_chunk, _encoding, done) => done() })));
  try {
    const nightly = running.servicesFor('nightly-sync');
    expect(nightly.bulk).toBeDefined();
    expect(running.servicesFor('stdio').bulk).toBe(nightly.bulk);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'factory-test', version: '1' });
    await Promise.all([createServer({ services: nightly }).connect(serverSide), client.connect(clientSide)]);
    const leaver = (await nightly.backoffice!.listEmployees({ active: 'active' })).find((employee) => employee.posUserId !== null)!;
    const result = (await client.callTool({ name: 'bulk_disable_employees', arguments: { rows: [{ posUserId: leaver.posUserId }], dryRun: false } })) as CallToolResult;
    await client.close();
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const [run] = await nightly.bulk!.list({ limit: 1 });
    expect(run).toMatchObject({ kind: 'disable', state: 'finished', actor: { channel: 'mcp', name: 'nightly-sync' } });
  } finally {
    await running.close();
  }
}, START_TIMEOUT_MS);

it('offers the warehouse tools on a shared database, their sync status over the demo chain, and sends the Data API requests through the budget the database holds', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'washops-mcp-warehouse-'));
  const running = await createServices(readMcpConfig(['--demo'], { WASHOPS_DATA_DIR: dataDir }), createMcpLogger(new Writable({ write: (_chunk, _encoding, done) => done() })));
  try {
    const services = running.servicesFor('stdio');
    expect(services.warehouse).toBeDefined();
    expect(running.description.some((line) => line.startsWith('warehouse tools: PGlite'))).toBe(true);
    // Not an in-process limiter: the client waits for the API id's budget in the database, shared with every process.
    expect(() => services.transactions!.rateLimiter).toThrow();
    const sites = await services.transactions!.listSites();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'factory-test', version: '1' });
    await Promise.all([createServer({ services }).connect(serverSide), client.connect(clientSide)]);
    const codes = sites.slice(0, 2).map((site) => site.code!);
    const result = (await client.callTool({ name: 'sync_status', arguments: { from: '2026-11-20', to: '2026-11-20', sites: codes } })) as CallToolResult;
    const report = (await client.callTool({ name: 'sales_report', arguments: { from: '2026-11-20', to: '2026-11-20', sites: codes } })) as CallToolResult;
    const kpis = (await client.callTool({ name: 'kpi_summary', arguments: { from: '2026-11-20', to: '2026-11-20', sites: codes } })) as CallToolResult;
    await client.close();
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ siteDays: 2, counts: { done: 0, notRequested: 2 }, budget: { requests: 20 } });
    expect((result.structuredContent as { budget: { inUse: number } }).budget.inUse).toBeGreaterThanOrEqual(1);
    // The reports read the same database and resolve the BackOffice's sites: a range never synced is refused, pointing at sync_status.
    expect(services.reports).toBeDefined();
    expect(running.description).toContain('report tools: on');
    expect(report.isError).toBe(true);
    expect(JSON.stringify(report.content)).toMatch(/RANGE_NOT_SYNCED: .*sync_status/);
    // The operator's numbers open beside the reports, over the same database and sites.
    expect(services.kpis).toBeDefined();
    expect(kpis.isError).toBe(true);
    expect(JSON.stringify(kpis.content)).toMatch(/RANGE_NOT_SYNCED: .*washops sync backfill.*allowPartial: true/);
  } finally {
    await running.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}, START_TIMEOUT_MS * 2);

it('leaves the warehouse tools off on an in-memory database, saying so', async () => {
  const running = await createServices(readMcpConfig(['--demo'], {}));
  try {
    expect(running.servicesFor('stdio').warehouse).toBeUndefined();
    expect(running.servicesFor('stdio').reports).toBeUndefined();
    expect(running.servicesFor('stdio').kpis).toBeUndefined();
    expect(running.description).toContain('warehouse tools: off (in-memory database: set WASHOPS_DATA_DIR or DATABASE_URL)');
    expect(running.description).toContain('report tools: off (no warehouse)');
  } finally {
    await running.close();
  }
}, START_TIMEOUT_MS);
