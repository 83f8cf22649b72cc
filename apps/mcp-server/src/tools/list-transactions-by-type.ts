import { z } from 'zod';
import { listFilterShape, listItemSchema, listOutputSchema, transactionTypeSchema, toListParams } from '../schemas/transactions.js';
import { transactionsOf } from '../services.js';
import { defineTool } from '../tool.js';
import { listResult, renderList } from './list-helpers.js';

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
    return listResult(transactionsOf(services).listByTypeStream(type, toListParams(filters), { signal }), maxResults);
  },
  render: (out) => renderList(out),
});
