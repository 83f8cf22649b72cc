import { randomBytes, randomInt } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { childEnv, ROOT, TENANT, tenantEnv, withFault, type CanarySecrets, type CapturedText, type Simulators } from './canary-harness.js';
import { bulkTools } from './canary-mcp-bulk.js';
import { kpiTools, reportTools } from './canary-mcp-reports.js';
import { resourceTools } from './canary-mcp-resources.js';
import { warehouseTools } from './canary-mcp-warehouse.js';
import { newEmployee, yesterdayWindow } from './canary-portal-plan.js';

const MCP_MAIN = `${ROOT}apps/mcp-server/dist/main.js`;
const CALL_TIMEOUT_MS = 180_000;

type Expected = 'ok' | 'error';

/** The built MCP server over stdio in tenant mode; every message it sends and its stderr are captured. */
export class McpProbe {
  readonly called = new Set<string>();
  readonly mismatches: string[] = [];
  /** How long each call took, for the run's report of its slowest calls. */
  readonly durations: Array<{ label: string; ms: number }> = [];
  readonly #client = new Client({ name: 'secret-canary', version: '1' });
  readonly #transport: StdioClientTransport;

  private constructor(
    private readonly captured: CapturedText,
    env: Record<string, string>,
  ) {
    this.#transport = new StdioClientTransport({ command: process.execPath, args: [MCP_MAIN], env, stderr: 'pipe' });
    captured.follow('mcp stderr', this.#transport.stderr);
  }

  /** `storageEnv` names the run's database, so the tools' audit rows land where the scan reads them. */
  static async start(captured: CapturedText, secrets: CanarySecrets, sims: Simulators, storageEnv: Record<string, string>): Promise<McpProbe> {
    // Debug logging: every Data API request and response is logged (headers redacted), so the scan covers those lines
    // and a slow call can be read from them.
    const probe = new McpProbe(captured, childEnv({ ...tenantEnv(secrets, sims), ...storageEnv, LOG_LEVEL: 'debug' }));
    await probe.#client.connect(probe.#transport, { timeout: CALL_TIMEOUT_MS });
    const deliver = probe.#transport.onmessage;
    probe.#transport.onmessage = (message) => {
      captured.add('mcp message', JSON.stringify(message));
      deliver?.(message);
    };
    captured.add('mcp initialize', JSON.stringify({ server: probe.#client.getServerVersion(), instructions: probe.#client.getInstructions() }));
    return probe;
  }

  async toolNames(): Promise<string[]> {
    const { tools } = await this.#client.listTools(undefined, { timeout: CALL_TIMEOUT_MS });
    return tools.map((tool) => tool.name);
  }

  async call(label: string, name: string, args: Record<string, unknown>, expected: Expected): Promise<CallToolResult | null> {
    this.called.add(name);
    let result: CallToolResult | null = null;
    let outcome: Expected;
    let text: string;
    const started = performance.now();
    try {
      result = (await this.#client.callTool({ name, arguments: args }, undefined, {
        timeout: CALL_TIMEOUT_MS,
        resetTimeoutOnProgress: true,
        onprogress: (progress) => this.captured.add(`mcp ${name} progress`, JSON.stringify(progress)),
      })) as CallToolResult;
      outcome = result.isError ? 'error' : 'ok';
      text = JSON.stringify(result);
    } catch (error) {
      // Input the schema refuses is answered as a protocol error.
      outcome = 'error';
      text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    this.durations.push({ label: `${label} (${name})`, ms: Math.round(performance.now() - started) });
    this.captured.add(`mcp ${label} (${name})`, text);
    if (outcome !== expected) this.mismatches.push(`${label} (${name}): expected ${expected}, got ${outcome}: ${text.slice(0, 300)}`);
    return result;
  }

  /** The slowest calls, slowest first, as a line for the run's output. */
  slowest(count: number): string {
    return [...this.durations]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, count)
      .map((call) => `${call.label} ${(call.ms / 1000).toFixed(1)} s`)
      .join('; ');
  }

  async close(): Promise<void> {
    await this.#client.close();
  }
}

async function backofficeTools(mcp: McpProbe, sims: Simulators): Promise<void> {
  for (const name of ['list_sites', 'list_departments', 'list_permissions']) {
    await mcp.call('read', name, {}, 'ok');
    await mcp.call('bad input', name, { refresh: 'yes' }, 'error');
    await withFault(
      () => sims.backoffice.control.inject({ route: '*', kind: 'serverError', count: 50 }),
      () => mcp.call('BackOffice answers 500', name, { refresh: true }, 'error'),
    );
  }
  await mcp.call('roster', 'list_employees', { active: 'all', maxResults: 20 }, 'ok');
  await mcp.call('roster, bad input', 'list_employees', { maxResults: 0 }, 'error');
  await withFault(
    () => sims.backoffice.control.inject({ route: '*', kind: 'brokenMarkup', count: 50 }),
    () => mcp.call('roster page cut short', 'list_employees', { refresh: true }, 'error'),
  );
  await mcp.call('free id', 'is_pos_user_id_available', { posUserId: 2_147_480_002 }, 'ok');
  await mcp.call('bad id', 'is_pos_user_id_available', { posUserId: 0 }, 'error');
  await mcp.call('free email', 'is_email_available', { email: 'nobody-canary@example.com' }, 'ok');
  await mcp.call('bad email', 'is_email_available', { email: 'nope' }, 'error');
  await mcp.call('free phone', 'is_phone_available', { phone: '(555) 999-0001' }, 'ok');
  await mcp.call('bad phone', 'is_phone_available', { phone: '12' }, 'error');

  const employee = newEmployee(true);
  await mcp.call('create, bad input', 'create_employee', { ...employee, phone: 'none' }, 'error');
  await mcp.call('create', 'create_employee', employee, 'ok');
  await mcp.call('create a duplicate POS id', 'create_employee', { ...newEmployee(false), posUserId: employee.posUserId }, 'error');
  await withFault(
    () => sims.backoffice.control.inject({ route: 'POST /employee/insert', kind: 'acceptButIgnore', count: 5 }),
    () => mcp.call('create, insert ignored', 'create_employee', newEmployee(false), 'error'),
  );
  await mcp.call('disable, bad input', 'disable_employee', { posUserId: employee.posUserId, email: employee.email }, 'error');
  await mcp.call('disable unknown', 'disable_employee', { posUserId: 2_147_480_003 }, 'error');
  await mcp.call('disable', 'disable_employee', { posUserId: employee.posUserId }, 'ok');

  const tag = randomBytes(4).toString('hex');
  const user = { username: `canary_mcp_${tag}`, email: `canary-mcp-${tag}@example.com`, permission: 'General User', firstName: 'Canary', lastName: 'Mcp' };
  await mcp.call('user, bad input', 'create_backoffice_user', { ...user, username: '1x' }, 'error');
  await mcp.call('user', 'create_backoffice_user', user, 'ok');
  await mcp.call('user named like the bot', 'create_backoffice_user', { ...user, username: TENANT.botUsername, email: `canary-bot-mcp-${tag}@example.com` }, 'error');

  await employeeLifeTools(mcp, sims, employee.posUserId, user.username);
}

/** A 5-digit PIN of this run: update_employee sets it, and no result or audit row may show it. */
export const PLANTED_PIN = randomInt(10_000, 100_000);

const isoDaysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The employee's whole life on the employee created (and disabled) above, and on the Back Office user created above. */
async function employeeLifeTools(mcp: McpProbe, sims: Simulators, posUserId: number, username: string): Promise<void> {
  await mcp.call('employee in full', 'get_employee', { posUserId }, 'ok');
  await mcp.call('employee, two keys', 'get_employee', { posUserId, employeeId: 1 }, 'error');
  await mcp.call('employee unknown', 'get_employee', { posUserId: 2_147_480_004 }, 'error');
  await mcp.call('find by name', 'find_employees', { firstName: 'Canary', active: 'all' }, 'ok');
  await mcp.call('find, nothing asked', 'find_employees', { active: 'all' }, 'error');

  await mcp.call('reactivate', 'reactivate_employee', { posUserId }, 'ok');
  await mcp.call('reactivate unknown', 'reactivate_employee', { posUserId: 2_147_480_005 }, 'error');
  const updated = await mcp.call('update phone and PIN', 'update_employee', { posUserId, phone: `555${randomInt(1_000_000, 9_999_999)}`, posPin: PLANTED_PIN }, 'ok');
  if (new RegExp(`(?<!\\d)${PLANTED_PIN}(?!\\d)`).test(JSON.stringify(updated))) mcp.mismatches.push('update_employee: the result shows the PIN it set');
  await mcp.call('update, bad PIN', 'update_employee', { posUserId, posPin: 123 }, 'error');
  await withFault(
    () => sims.backoffice.control.inject({ route: 'POST /employee/update', kind: 'acceptButIgnore', count: 5 }),
    () => mcp.call('update, form ignored', 'update_employee', { posUserId, emergencyContactName: 'Canary Contact' }, 'error'),
  );

  await mcp.call('raise', 'set_employee_wage', { posUserId, regularRate: 16.5, effectiveDate: isoDaysFromNow(30) }, 'ok');
  await mcp.call('raise dated before the latest', 'set_employee_wage', { posUserId, regularRate: 17, effectiveDate: isoDaysFromNow(1) }, 'error');
  await mcp.call('raise, bad rate', 'set_employee_wage', { posUserId, regularRate: 12.345 }, 'error');
  await mcp.call('POS template', 'set_employee_permission', { posUserId, template: 'Manager' }, 'ok');
  await mcp.call('POS template unknown', 'set_employee_permission', { posUserId, template: 'Astronaut' }, 'error');

  await mcp.call('Back Office users', 'list_backoffice_users', {}, 'ok');
  await mcp.call('Back Office users, bad input', 'list_backoffice_users', { refresh: 'yes' }, 'error');
  await mcp.call('Back Office template', 'apply_backoffice_template', { username, template: 'Manager' }, 'ok');
  await mcp.call('Back Office template, unknown user', 'apply_backoffice_template', { username: 'nobody_canary', template: 'Manager' }, 'error');
  await withFault(
    () => sims.backoffice.control.inject({ route: 'GET /user/permissions/*', kind: 'serverError', count: 50 }),
    () => mcp.call('Back Office template, page fails', 'apply_backoffice_template', { username, template: 'General User' }, 'error'),
  );
}

/** Last: a failed bot sign-in may hold the client back for a cool-down. */
async function botSignInFailures(mcp: McpProbe, sims: Simulators): Promise<void> {
  sims.backoffice.control.expireSessions();
  await withFault(
    () => sims.backoffice.control.inject({ route: 'POST /login_check', kind: 'serverError', count: 50 }),
    () => mcp.call('bot sign-in answers 500', 'list_employees', { refresh: true }, 'error'),
  );
}

async function transactionTools(mcp: McpProbe, sims: Simulators): Promise<void> {
  const window = yesterdayWindow();
  const range = { startDate: String(window.startDate), endDate: String(window.endDate) };
  const site = sims.transactions.control.sites()[0]!.code;
  await withFault(
    () => sims.transactions.control.inject({ endpoint: 'siteList', kind: 'serverError', count: 50 }),
    () => mcp.call('Data API answers 500', 'list_transaction_sites', {}, 'error'),
  );
  await mcp.call('sites', 'list_transaction_sites', {}, 'ok');

  const list = await mcp.call('v1 list', 'list_transactions', { ...range, site, maxResults: 50 }, 'ok');
  await mcp.call('over 31 days', 'list_transactions', { startDate: String(window.startDate - 40 * 86_400), endDate: range.endDate }, 'error');
  await mcp.call('unknown site', 'list_transactions', { ...range, site: 'NOSUCHSITE' }, 'error');
  await withFault(
    () => sims.transactions.control.inject({ endpoint: 'list', kind: 'rateLimitStorm', retryAfterSeconds: 1, count: 50 }),
    () => mcp.call('rate limited', 'list_transactions', { ...range, site }, 'error'),
  );
  await mcp.call('wash list', 'list_transactions_by_type', { ...range, site, type: 'wash', maxResults: 50 }, 'ok');
  await mcp.call('unknown type', 'list_transactions_by_type', { ...range, site, type: 'car' }, 'error');
  await mcp.call('v2 list', 'list_transactions_v2', { ...range, site, maxResults: 50 }, 'ok');
  await mcp.call('v2 bad dates', 'list_transactions_v2', { startDate: 'yesterday', endDate: 'today' }, 'error');

  const transId = /"transId":"(\d+:\d+)"/.exec(JSON.stringify(list))?.[1];
  if (!transId) throw new Error(`list_transactions of ${site} returned no transaction`);
  await mcp.call('detail', 'get_transaction', { transId }, 'ok');
  await mcp.call('unknown id', 'get_transaction', { transId: '1:1' }, 'error');
  await mcp.call('malformed id', 'get_transaction', { transId: 'abc' }, 'error');
  await withFault(
    () => sims.transactions.control.inject({ endpoint: 'get', kind: 'malformedJson', count: 50 }),
    () => mcp.call('cut JSON', 'get_transaction', { transId }, 'error'),
  );

  // Windows of their own: a job of the same criteria as the portal's exports would be the simulator's existing one.
  const jobWindow = yesterdayWindow(-6);
  const job = { site, startDate: String(jobWindow.startDate), endDate: String(jobWindow.endDate), maxRecords: 5 };
  const failingWindow = yesterdayWindow(-8);
  await mcp.call('job', 'load_transaction_job', job, 'ok');
  await mcp.call('job over 24 hours', 'load_transaction_job', { ...job, startDate: String(window.startDate - 2 * 86_400) }, 'error');
  await withFault(
    () => sims.transactions.control.inject({ endpoint: 'loadJob', kind: 'jobFail', count: 50 }),
    () => mcp.call('job fails', 'load_transaction_job', { ...job, startDate: String(failingWindow.startDate), endDate: String(failingWindow.endDate) }, 'error'),
  );
}

/** The audit log as the tools see it, after the writes above: whole pages, a filter, refusals. */
async function auditTools(mcp: McpProbe): Promise<void> {
  await mcp.call('audit, newest', 'list_audit_events', { limit: 100 }, 'ok');
  await mcp.call('audit, this channel', 'list_audit_events', { channel: 'mcp', operation: 'employee.create' }, 'ok');
  await mcp.call('audit, bad channel', 'list_audit_events', { channel: 'fax' }, 'error');
  await mcp.call('audit, forged cursor', 'list_audit_events', { cursor: 'not-a-cursor' }, 'error');
}

/** Every tool on success and failure paths. */
export async function exerciseMcp(mcp: McpProbe, sims: Simulators): Promise<void> {
  await backofficeTools(mcp, sims);
  await bulkTools(mcp);
  await transactionTools(mcp, sims);
  await warehouseTools(mcp);
  await resourceTools(mcp);
  await reportTools(mcp, sims);
  await kpiTools(mcp, sims);
  await botSignInFailures(mcp, sims);
  await auditTools(mcp);
}
