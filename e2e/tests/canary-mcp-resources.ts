import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpProbe } from './canary-mcp.js';

const dayBack = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const firstId = (result: CallToolResult | null, list: string, key: string): string | undefined => {
  const rows = (result?.structuredContent as Record<string, unknown> | undefined)?.[list];
  const first = Array.isArray(rows) ? (rows[0] as Record<string, unknown> | undefined) : undefined;
  return typeof first?.[key] === 'string' ? first[key] : undefined;
};

/**
 * The Data API resource tools on their answer and refusal paths: the canary's warehouse holds none of these resources,
 * so each answer is live from the Data API simulator (and says so); bad input is refused before any request.
 */
export async function resourceTools(mcp: McpProbe): Promise<void> {
  const week = { from: dayBack(7), to: dayBack(1) };
  const customers = await mcp.call('customers by name', 'list_customers', { query: 'Smith', pageSize: 5 }, 'ok');
  await mcp.call('customers, too short a number', 'list_customers', { query: '12' }, 'error');
  const customerId = firstId(customers, 'customers', 'customerId');
  if (customerId) await mcp.call('customer profile', 'get_customer', { customerId }, 'ok');
  await mcp.call('customer unknown', 'get_customer', { customerId: '999999999:1' }, 'error');
  const memberships = await mcp.call('memberships', 'list_memberships', { pageSize: 5 }, 'ok');
  await mcp.call('memberships, bad page', 'list_memberships', { page: 0 }, 'error');
  const membershipId = firstId(memberships, 'memberships', 'id');
  if (membershipId) await mcp.call('membership in full', 'get_membership', { membershipId }, 'ok');
  await mcp.call('membership unknown', 'get_membership', { membershipId: '999999999:1' }, 'error');
  await mcp.call('status changes', 'list_membership_status_changes', week, 'ok');
  await mcp.call('status changes, reversed', 'list_membership_status_changes', { from: week.to, to: week.from }, 'error');
  // Chain-wide live lists read every page of six months: the canary asks for one customer's books and one site's cards.
  if (customerId) await mcp.call('washbooks', 'list_washbooks', { customerId, pageSize: 5 }, 'ok');
  await mcp.call('washbooks, bad status', 'list_washbooks', { status: 'open' }, 'error');
  await mcp.call('gift cards', 'list_gift_cards', { siteCode: 'NAPER', pageSize: 5 }, 'ok');
  await mcp.call('gift cards, over the page size', 'list_gift_cards', { pageSize: 101 }, 'error');
  await mcp.call('items', 'list_items', {}, 'ok');
  await mcp.call('items, unknown field', 'list_items', { departmentName: 'Wash' }, 'error');
  // One employee (the simulator numbers staff site id × 100 + n): live, the chain's clock is a request per employee.
  await mcp.call('clock entries', 'list_clock_entries', { from: dayBack(3), to: dayBack(1), employeeId: 100701 }, 'ok');
  await mcp.call('clock entries, over 62 days', 'list_clock_entries', { from: dayBack(90), to: dayBack(1) }, 'error');
  await mcp.call('sales outcomes', 'list_sales_outcomes', week, 'ok');
  await mcp.call('sales outcomes, not a date', 'list_sales_outcomes', { from: 'last week', to: week.to }, 'error');
}
