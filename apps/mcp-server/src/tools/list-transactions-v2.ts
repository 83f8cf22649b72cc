import { z } from 'zod';
import { listFilterShape, listOutputSchema, v2ListItemSchema, toListParams } from '../schemas/transactions.js';
import { transactionsOf } from '../services.js';
import { defineTool } from '../tool.js';
import { listResult, renderList } from './list-helpers.js';

export const listTransactionsV2 = defineTool({
  name: 'list_transactions_v2',
  area: 'transactions',
  title: 'List transactions with customer and membership fields',
  description:
    'Like list_transactions, plus customerId, isRecurringPlanSale (also true for plan upgrades and switches), ' +
    'isRecurringPlanRedemption and transactionStatus (Completed, Voided, …). The API caches these answers for 10 minutes per query, ' +
    'so very recent sales may be missing. The range may span at most 31 days. Results stop at maxResults.',
  inputSchema: z.object(listFilterShape),
  outputSchema: listOutputSchema(v2ListItemSchema),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run({ maxResults, ...filters }, services, { signal }) {
    return listResult(transactionsOf(services).listV2Stream(toListParams(filters), { signal }), maxResults);
  },
  render: (out) => renderList(out, (t) => ` ${t.transactionStatus}${t.isRecurringPlanSale ? ' plan sale' : ''}${t.isRecurringPlanRedemption ? ' plan redemption' : ''}`),
});
