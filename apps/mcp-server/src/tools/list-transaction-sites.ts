import { z } from 'zod';
import { dataApiSiteSchema } from '../schemas/transactions.js';
import { transactionsOf } from '../services.js';
import { defineTool } from '../tool.js';

export const listTransactionSites = defineTool({
  name: 'list_transaction_sites',
  area: 'transactions',
  title: 'List Data API sites',
  description:
    'Lists the car-wash sites the Data API credentials can read, with each site\'s code, name and IANA time zone. ' +
    'Use the `code` as the `site` filter of the transaction tools. (Back Office site names for employees come from list_sites instead.)',
  inputSchema: z.object({}),
  outputSchema: z.object({ sites: z.array(dataApiSiteSchema) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(_input, services, { signal }) {
    return { sites: await transactionsOf(services).listSites({ signal }) };
  },
  render: ({ sites }) =>
    sites.length === 0
      ? 'No sites are visible to these credentials.'
      : `${sites.length} site(s):\n` + sites.map((s) => `- ${s.code ?? '(no code)'}: ${s.name} (${s.timezone ?? 'time zone unknown'})`).join('\n'),
});
