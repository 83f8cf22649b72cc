import { randomBytes, randomInt } from 'node:crypto';
import type { McpProbe } from './canary-mcp.js';
import { newEmployee } from './canary-portal-plan.js';

/** A PIN and a password of this run that rows hand to the bulk tool: no answer may show them (only the results file does). */
const BULK_PIN = randomInt(10_000, 100_000);
const BULK_PASSWORD = `Canary-${randomBytes(6).toString('hex')}!9`;

const shows = (text: string, secret: string | number) => new RegExp(`(?<![\\w])${String(secret).replace(/[^\w]/g, '\\$&')}(?![\\w])`).test(text);

/** The bulk tools on their refusal and success paths; their answers never carry a PIN or password. */
export async function bulkTools(mcp: McpProbe): Promise<void> {
  const plain = newEmployee(false);
  const linked = { ...newEmployee(true), posPin: BULK_PIN, backofficePassword: BULK_PASSWORD };
  const unknownDepartment = { ...newEmployee(false), departments: ['No Such Department'] };

  await mcp.call('bulk dry run with a bad row', 'bulk_create_employees', { rows: [plain, linked, unknownDepartment] }, 'ok');
  await mcp.call('bulk run with a bad row', 'bulk_create_employees', { rows: [plain, linked, unknownDepartment], dryRun: false }, 'error');
  await mcp.call('bulk over the row limit', 'bulk_create_employees', { rows: Array.from({ length: 101 }, () => newEmployee(false)) }, 'error');
  const created = await mcp.call('bulk run', 'bulk_create_employees', { rows: [plain, linked], dryRun: false }, 'ok');
  const answer = JSON.stringify(created);
  if (shows(answer, BULK_PIN)) mcp.mismatches.push('bulk_create_employees: the answer shows a PIN the rows gave');
  if (answer.includes(BULK_PASSWORD)) mcp.mismatches.push('bulk_create_employees: the answer shows a password the rows gave');

  const leavers = [{ posUserId: plain.posUserId }, { email: linked.email }];
  await mcp.call('bulk leavers dry run', 'bulk_disable_employees', { rows: [...leavers, { posUserId: 2_147_480_006 }] }, 'ok');
  await mcp.call('bulk leaver with two keys', 'bulk_disable_employees', { rows: [{ posUserId: plain.posUserId, email: plain.email }] }, 'error');
  await mcp.call('bulk leavers', 'bulk_disable_employees', { rows: leavers, dryRun: false }, 'ok');
}
