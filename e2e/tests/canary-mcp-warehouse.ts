import type { McpProbe } from './canary-mcp.js';

const dayBack = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The warehouse tools on their answer and refusal paths (read-only: the canary's warehouse need not hold anything). */
export async function warehouseTools(mcp: McpProbe): Promise<void> {
  const range = { from: dayBack(3), to: dayBack(1) };
  await mcp.call('sync status', 'sync_status', range, 'ok');
  await mcp.call('sync status, one site', 'sync_status', { ...range, sites: ['NOSUCHSITE'] }, 'ok');
  await mcp.call('sync status, a day that does not exist', 'sync_status', { from: '2026-02-30', to: '2026-03-01' }, 'error');
  await mcp.call('sync status, reversed', 'sync_status', { from: range.to, to: range.from }, 'error');
  // A range the canary never synced: no rows, the missing count, where to go.
  await mcp.call('warehouse query', 'query_transactions', { ...range, limit: 50 }, 'ok');
  await mcp.call('warehouse query, reversed', 'query_transactions', { from: range.to, to: range.from }, 'error');
  await mcp.call('warehouse query, over the page limit', 'query_transactions', { ...range, limit: 501 }, 'error');
  await mcp.call('warehouse query, not a date', 'query_transactions', { from: 'last week', to: range.to }, 'error');
}
