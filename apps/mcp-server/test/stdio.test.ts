import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { openStore } from '@washops/store';
import { describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));

// The Nx `test` target depends on `build`, so the built entry exists in `npm test`.
describe.skipIf(!existsSync(main))('the built server over stdio (node dist/main.js --demo)', () => {
  it('answers tools/list and a tool call, and keeps stdout for the protocol', async () => {
    const stderr: string[] = [];
    const transport = new StdioClientTransport({ command: process.execPath, args: [main, '--demo'], stderr: 'pipe' });
    transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    const client = new Client({ name: 'stdio-test', version: '1' });
    await client.connect(transport);
    const { tools } = await client.listTools();
    // The demo's Data API simulator turns the resource tools on (10 of them).
    expect(tools).toHaveLength(37);
    const result = (await client.callTool({ name: 'list_departments', arguments: {} })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { departments: unknown[] }).departments.length).toBeGreaterThan(0);
    // A failure is logged on stderr (stdout carries only the protocol) under the reference the result shows.
    const failed = (await client.callTool({ name: 'get_transaction', arguments: { transId: '999999:999' } })) as CallToolResult;
    const reference = /\(Reference: ([0-9a-f-]{36})\)$/.exec(failed.content[0]?.type === 'text' ? failed.content[0].text : '')?.[1];
    expect(failed.isError).toBe(true);
    expect(reference).toBeDefined();
    await client.close();
    expect(stderr.join('')).toContain('starting');
    const logged = stderr.join('').split('\n').filter((line) => line.includes(reference!));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!)).toMatchObject({ tool: 'get_transaction', code: 'NOT_FOUND', error: { name: 'NotFoundError', stack: expect.stringContaining('NotFoundError') } });
  }, 60_000);

  it('audits its writes as the actor "stdio" on the mcp channel, in the database WASHOPS_DATA_DIR names', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'washops-mcp-audit-'));
    try {
      const transport = new StdioClientTransport({ command: process.execPath, args: [main, '--demo'], env: { WASHOPS_DATA_DIR: dataDir }, stderr: 'pipe' });
      const client = new Client({ name: 'stdio-audit-test', version: '1' });
      await client.connect(transport);
      const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
      const site = (await call('list_sites', {})).structuredContent as { sites: Array<{ name: string }> };
      const created = await call('create_employee', {
        firstName: 'Stdio',
        lastName: 'Audited',
        phone: '555 808 0101',
        email: 'stdio.audited@example.com',
        posUserId: 95_001,
        wageRate: 15,
        startDate: '2026-11-02',
        availableSites: [site.sites[0]!.name],
        permission: 'Cashier',
        departments: ['Cashier'],
      });
      expect(created.isError, JSON.stringify(created.content)).toBeFalsy();
      const refused = await call('disable_employee', { posUserId: 98_765_432 });
      expect(refused.isError).toBe(true);
      const listed = (await call('list_audit_events', {})).structuredContent as { events: Array<Record<string, unknown>> };
      await client.close();

      expect(listed.events).toEqual([
        expect.objectContaining({ actor: 'stdio', channel: 'mcp', operation: 'employee.disable', state: 'failed', needsAttention: false }),
        expect.objectContaining({ actor: 'stdio', channel: 'mcp', operation: 'employee.create', state: 'succeeded' }),
      ]);
      const reference = /\(Reference: ([0-9a-f-]{36})\)$/.exec(refused.content[0]?.type === 'text' ? refused.content[0].text : '')?.[1];
      expect(reference).toBe(listed.events[0]!['correlationId']);
      // The events are in the folder itself, for the portal and `npm run audit` to read.
      const store = await openStore({ dataDir });
      try {
        const stored = await store.audit.list({ actor: 'stdio' });
        expect(stored.events.map((event) => event.id)).toEqual(listed.events.map((event) => event['id']));
      } finally {
        await store.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('stops with status 2 and one clear line when the audit database cannot be opened', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, [main, '--demo'], {
      env: { PATH: process.env['PATH'] ?? '', DATABASE_URL: 'postgres://washops:db-password-canary@127.0.0.1:1/washops' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^washops-mcp: Cannot open the audit log's database \(DATABASE_URL\): .*DATABASE_URL \(postgres:\/\/washops@127\.0\.0\.1:1\/washops\)/);
    expect(run.stderr).not.toContain('db-password-canary');
  });

  it('refuses to start without credentials or --demo, naming the variables', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, [main], { env: { PATH: process.env['PATH'] ?? '' }, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('DATA_API_KEY');
    expect(run.stderr).toContain('--demo');
  });

  it('refuses --http with a short token or a non-loopback address, saying what to do, before starting anything', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = (args: string[], env: Record<string, string>) =>
      spawnSync(process.execPath, [main, ...args], { env: { PATH: process.env['PATH'] ?? '', ...env }, encoding: 'utf8', timeout: 30_000 });
    const short = run(['--http', '--demo'], { MCP_HTTP_TOKEN: 'too-short' });
    expect(short.status).toBe(2);
    expect(short.stdout).toBe('');
    expect(short.stderr).toContain('openssl rand -hex 32');
    const remote = run(['--http', '--demo'], { MCP_HTTP_TOKEN: 'b'.repeat(64), MCP_HTTP_HOST: '0.0.0.0' });
    expect(remote.status).toBe(2);
    expect(remote.stderr).toContain('--allow-remote');
    expect(remote.stderr).toContain('TLS');
    expect(remote.stderr).not.toContain('b'.repeat(64));
  });
});
