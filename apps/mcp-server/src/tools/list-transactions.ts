import { z } from 'zod';
import { listFilterShape, listItemSchema, listOutputSchema, toListParams } from '../schemas/transactions.js';
import { transactionsOf } from '../services.js';
import { defineTool } from '../tool.js';
import { listResult, renderList } from './list-helpers.js';

export const listTransactions = defineTool({
  name: 'list_transactions',
  area: 'transactions',
  title: 'List transactions',
  description:
    'Lists transaction summaries (number, id, total, UTC date) of every type in a date range, optionally for one site or region. ' +
    'The range may span at most 31 days. Use list_transactions_by_type for one type of sale (washes, memberships, gift cards…), ' +
    'list_transactions_v2 when you need customer ids, membership flags or the status, get_transaction for the full detail of one, ' +
    'and load_transaction_job to export full detail for one site and day. Results stop at maxResults.',
  inputSchema: z.object(listFilterShape),
  outputSchema: listOutputSchema(listItemSchema),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run({ maxResults, ...filters }, services, { signal }) {
    return listResult(transactionsOf(services).listStream(toListParams(filters), { signal }), maxResults);
  },
  render: (out) => renderList(out),
});
