import { z } from 'zod';
import { listFilterShape, listItemSchema, listOutputSchema, transactionTypeSchema, toListParams } from '../schemas/transactions.js';
import { transactionsOf } from '../services.js';
import { defineTool } from '../tool.js';
import { collectCapped, money, narrowingNote, sumCents } from './list-helpers.js';

export const listTransactionsByType = defineTool({
  name: 'list_transactions_by_type',
  area: 'transactions',
  title: 'List transactions of one type',
  description:
    'Lists transaction summaries that contain an item of one type: wash, prepaid-wash, recurring (memberships), washbook, giftcard, ' +
    'merchandise or house-account. A transaction appears under every type it has an item of (a membership sale that includes a wash ' +
    'is listed under both recurring and wash). The range may span at most 31 days. Results stop at maxResults.',
  inputSchema: z.object({ type: transactionTypeSchema.describe('The item type to list'), ...listFilterShape }),
  outputSchema: listOutputSchema(listItemSchema),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run({ type, maxResults, ...filters }, services, { signal }) {
    const stream = transactionsOf(services).listByTypeStream(type, toListParams(filters), { signal });
    const { rows, truncated } = await collectCapped(stream, maxResults);
    return {
      transactions: rows,
      returned: rows.length,
      truncated,
      totalAmount: sumCents(rows.map((r) => r.total)),
      ...(truncated ? { note: narrowingNote(rows.length) } : {}),
    };
  },
  render: (out) =>
    `${out.returned} transaction(s) totalling ${money(out.totalAmount)}${out.truncated ? ` (truncated: ${out.note})` : ''}` +
    (out.transactions.length ? '\n' + out.transactions.slice(0, 20).map((t) => `- #${t.transNumber} ${t.transId} ${t.date} ${money(t.total)}`).join('\n') : ''),
});
