import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { LoggingMessageNotificationSchema, type CallToolResult, type LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import { expect, it } from 'vitest';

// The protocol beyond tools, as a client sees it: run over stdio (the built server, --demo) and over streamable
// HTTP (the server factory over simulators) by protocol.test.ts. Every expectation reads the tenant through the
// tools first, so it holds for either tenant.

export interface ProtocolTarget {
  client(): Client;
  /** Whether the transport keeps one server for the connection (stdio, HTTP with sessions): a level set sticks, a subscription is served. */
  stateful: boolean;
  /** Now on the clock of the Data API simulator behind the server (pinned in this process, the system's in a child). */
  now(): number;
}

const PROMPTS = ['onboard_employee', 'offboard_employee', 'give_raise', 'weekly_site_review', 'month_end_export', 'investigate_transaction', 'membership_health'];

async function tool<T>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as T;
}

const textOf = (result: { messages: Array<{ content: { type: string; text?: string } }> }) => result.messages.map((m) => m.content.text ?? '').join('\n');

async function complete(client: Client, ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string }, name: string, value: string): Promise<string[]> {
  return (await client.complete({ ref, argument: { name, value } })).completion.values;
}

/** Log notifications received while `work` runs. */
async function logsDuring(client: Client, work: () => Promise<unknown>): Promise<LoggingMessageNotification['params'][]> {
  const received: LoggingMessageNotification['params'][] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => void received.push(notification.params));
  try {
    await work();
  } finally {
    client.removeNotificationHandler('notifications/message');
  }
  return received;
}

export function protocolSuite(target: ProtocolTarget): void {
  it('lists every prompt with its arguments, and each get names the tools to use', async () => {
    const client = target.client();
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(PROMPTS);
    const { tools } = await client.listTools();
    const toolNames = new Set(tools.map((t) => t.name));
    const sites = await tool<{ sites: Array<{ name: string; code: string | null; regionName: string | null }> }>(client, 'list_sites');
    const site = sites.sites.find((s) => s.code)!;
    const args: Record<string, Record<string, string>> = {
      onboard_employee: { firstName: 'Rosa', lastName: 'Prompted', site: site.name, department: 'Cashier', permission: 'Cashier', wageRate: '15.25', startDate: '2026-12-01' },
      offboard_employee: { employee: '7001', reason: 'moved away' },
      give_raise: { employee: 'Pat Smith', newRate: '16.50', effectiveDate: '2026-12-01' },
      weekly_site_review: { site: site.code!, week: '2026-11-18' },
      month_end_export: { month: '2026-11', report: 'tenders' },
      investigate_transaction: { transId: '876:1001', question: 'charged twice?' },
      membership_health: { region: site.regionName ?? 'Any', from: '2026-06', to: '2026-11' },
    };
    for (const name of PROMPTS) {
      const listed = prompts.find((p) => p.name === name)!;
      expect(listed.description!.length, name).toBeGreaterThan(60);
      expect(listed.arguments!.length, name).toBeGreaterThan(0);
      const text = textOf(await client.getPrompt({ name, arguments: args[name] }));
      // Every tool the text names in backticks is a real tool of this server.
      const named = [...text.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);
      expect(named.length, name).toBeGreaterThan(1);
      for (const toolName of named) expect(toolNames.has(toolName), `${name} names ${toolName}`).toBe(true);
    }
    const weekly = textOf(await client.getPrompt({ name: 'weekly_site_review', arguments: args['weekly_site_review'] }));
    expect(weekly).toContain('2026-11-16 to 2026-11-22');
    expect(weekly).toContain(`sites: ["${site.code}"]`);
    const month = textOf(await client.getPrompt({ name: 'month_end_export', arguments: args['month_end_export'] }));
    expect(month).toContain('2026-11-01 to 2026-11-30');
    expect(month).toContain('`tender_report`');
    expect(month).not.toContain('`sales_report`');
    const onboard = textOf(await client.getPrompt({ name: 'onboard_employee', arguments: args['onboard_employee'] }));
    expect(onboard).toContain('Rosa Prompted');
    expect(onboard).toMatch(/confirm/);
  });

  it('refuses a prompt without a required argument, or with a malformed one, naming it', async () => {
    const client = target.client();
    await expect(client.getPrompt({ name: 'give_raise', arguments: { employee: '7001' } })).rejects.toThrow(/give_raise.*newRate/s);
    await expect(client.getPrompt({ name: 'weekly_site_review', arguments: { week: '2026-13-45' } })).rejects.toThrow(/week/);
    await expect(client.getPrompt({ name: 'month_end_export', arguments: { month: '2026-11', report: 'payroll' } })).rejects.toThrow(/report/);
  });

  it('lists the resources and templates with URIs and MIME types, and reads each', async () => {
    const client = target.client();
    const { resources } = await client.listResources();
    expect(resources.map((r) => [r.uri, r.mimeType])).toEqual([
      ['washops://backoffice/sites', 'application/json'],
      ['washops://backoffice/departments', 'application/json'],
      ['washops://backoffice/permissions', 'application/json'],
      ['washops://data-api/sites', 'application/json'],
      ['washops://numbers/definitions', 'text/markdown'],
      ['washops://warehouse/sync-status', 'application/json'],
    ]);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((r) => [r.uriTemplate, r.mimeType])).toEqual([
      ['washops://employees/{posUserId}', 'application/json'],
      ['washops://transactions/{transId}', 'application/json'],
    ]);
    const read = async (uri: string) => {
      const { contents } = await client.readResource({ uri });
      expect(contents[0]!.uri).toBe(uri);
      return contents[0] as { mimeType: string; text: string };
    };
    const sites = JSON.parse((await read('washops://backoffice/sites')).text) as { regions: Array<{ districts: Array<{ sites: unknown[] }> }>; sites: unknown[] };
    expect(sites.regions.flatMap((r) => r.districts.flatMap((d) => d.sites))).toHaveLength(sites.sites.length);
    const listed = await tool<{ sites: unknown[] }>(client, 'list_sites');
    expect(sites.sites).toEqual(listed.sites);
    expect(JSON.parse((await read('washops://backoffice/departments')).text)).toEqual(await tool(client, 'list_departments'));
    const permissions = JSON.parse((await read('washops://backoffice/permissions')).text) as { pos: Array<{ grants: number[] }>; backoffice: unknown[] };
    expect(permissions.pos.length).toBeGreaterThan(0);
    expect(permissions.pos[0]!.grants.length).toBeGreaterThan(0);
    const dataApiSites = JSON.parse((await read('washops://data-api/sites')).text) as { sites: Array<{ code: string; timezone: string }> };
    expect(dataApiSites.sites[0]!.timezone).toMatch(/\//);
    const numbers = await read('washops://numbers/definitions');
    expect(numbers.mimeType).toBe('text/markdown');
    expect(numbers.text).toContain('| `conversion` | new memberships ÷ eligible washes |');
    expect(numbers.text).toContain('`voluntaryChurn`');
    const status = JSON.parse((await read('washops://warehouse/sync-status')).text) as { nextStep: string; siteDays: number };
    expect(status.nextStep.length).toBeGreaterThan(10);

    const employees = await tool<{ employees: Array<{ posUserId: number | null; firstName: string }> }>(client, 'list_employees', { active: 'all' });
    const someone = employees.employees.find((e) => e.posUserId !== null)!;
    const employee = JSON.parse((await read(`washops://employees/${someone.posUserId}`)).text) as Record<string, unknown>;
    expect(employee).toMatchObject({ posUserId: someone.posUserId, firstName: someone.firstName });
    expect(JSON.stringify(employee)).not.toMatch(/posPin|pin"/i);
    await expect(client.readResource({ uri: 'washops://employees/not-a-number' })).rejects.toThrow(/posUserId|number/i);
    // A read that fails says why and under which reference the server logged it, as a failed tool call does.
    await expect(client.readResource({ uri: 'washops://employees/98765432' })).rejects.toThrow(/NOT_FOUND: .*\(Reference: [0-9a-f-]{36}\)/);

    const yesterday = new Date(target.now() - 86_400_000).toISOString().slice(0, 10);
    const list = await tool<{ transactions: Array<{ transId: string }> }>(client, 'list_transactions', {
      startDate: `${yesterday}T14:00:00Z`,
      endDate: `${yesterday}T16:00:00Z`,
      maxResults: 1,
    });
    const transId = list.transactions[0]!.transId;
    const transaction = JSON.parse((await read(`washops://transactions/${encodeURIComponent(transId)}`)).text) as { id: string };
    expect(transaction.id).toBe(transId);
  });

  it('completes prompt arguments and template variables from the tenant, and an unknown prefix with nothing', async () => {
    const client = target.client();
    const onboard = { type: 'ref/prompt' as const, name: 'onboard_employee' };
    const { sites } = await tool<{ sites: Array<{ name: string; code: string | null; regionName: string | null }> }>(client, 'list_sites');
    const site = sites.find((s) => s.code && s.regionName)!;
    expect(await complete(client, onboard, 'site', site.name.slice(0, 3))).toContain(site.name);
    expect(await complete(client, onboard, 'site', site.code!.toLowerCase())).toContain(site.code);
    expect(await complete(client, { type: 'ref/prompt', name: 'weekly_site_review' }, 'region', site.regionName!.slice(0, 2))).toContain(site.regionName);
    expect(await complete(client, onboard, 'department', 'cash')).toEqual(['Cashier']);
    const { permissions } = await tool<{ permissions: Array<{ scope: string; name: string }> }>(client, 'list_permissions');
    const pos = permissions.find((p) => p.scope === 'pos')!;
    expect(await complete(client, onboard, 'permission', pos.name.slice(0, 2))).toContain(pos.name);
    const bo = permissions.find((p) => p.scope === 'backoffice')!;
    expect(await complete(client, onboard, 'backofficeTemplate', bo.name.slice(0, 2))).toContain(bo.name);
    expect(await complete(client, { type: 'ref/prompt', name: 'month_end_export' }, 'report', 'me')).toEqual(['memberships']);

    const { employees } = await tool<{ employees: Array<{ posUserId: number | null; firstName: string; lastName: string }> }>(client, 'list_employees', { active: 'all' });
    const someone = employees.find((e) => e.posUserId !== null)!;
    const raise = { type: 'ref/prompt' as const, name: 'give_raise' };
    expect(await complete(client, raise, 'employee', someone.lastName.slice(0, 3))).toContain(`${someone.firstName} ${someone.lastName}`);
    expect(await complete(client, raise, 'employee', String(someone.posUserId))).toContain(String(someone.posUserId));
    const employeeTemplate = { type: 'ref/resource' as const, uri: 'washops://employees/{posUserId}' };
    expect(await complete(client, employeeTemplate, 'posUserId', String(someone.posUserId).slice(0, 2))).toContain(String(someone.posUserId));
    expect(await complete(client, employeeTemplate, 'posUserId', someone.firstName)).toContain(String(someone.posUserId));

    for (const [ref, argument] of [
      [onboard, 'site'],
      [onboard, 'department'],
      [raise, 'employee'],
      [{ type: 'ref/prompt' as const, name: 'month_end_export' }, 'report'],
      [employeeTemplate, 'posUserId'],
    ] as const) {
      expect(await complete(client, ref, argument, 'zzq-nothing-starts-like-this'), argument).toEqual([]);
    }
  });

  it('takes logging/setLevel and sends a warning as a log notification', async () => {
    const client = target.client();
    await client.setLoggingLevel('warning');
    const { sites } = await tool<{ sites: Array<{ name: string }> }>(client, 'list_sites');
    const posUserId = 96_000 + Math.floor(Math.random() * 3000);
    const hire = (suffix: string) => ({
      firstName: 'Logged',
      lastName: `Fallback${suffix}`,
      phone: `555 70${suffix.padStart(1, '0')} ${String(posUserId).slice(-4)}`,
      email: `logged.fallback.${posUserId}.${suffix}@example.com`,
      posUserId: posUserId + Number(suffix),
      wageRate: 15,
      startDate: '2026-11-02',
      availableSites: [sites[0]!.name],
      // Not a template: the tool falls back to "General User" with a warning.
      permission: 'No Such Template',
      departments: ['Cashier'],
    });
    const logs = await logsDuring(client, () => tool(client, 'create_employee', hire('1')));
    expect(logs).toContainEqual(expect.objectContaining({ level: 'warning', data: expect.objectContaining({ tool: 'create_employee', message: expect.stringContaining('General User') }) }));
    if (target.stateful) {
      // The level sticks for the connection: a warning is below "error".
      await client.setLoggingLevel('error');
      const quiet = await logsDuring(client, () => tool(client, 'create_employee', hire('2')));
      expect(quiet).toEqual([]);
      await client.setLoggingLevel('debug');
    }
  });
}
