import { searchCustomersInputSchema } from '@washops/operations/schemas';
import { z } from 'zod';
import { PERSONAL_DATA_RULE, RESOURCE_RULES, pageInputShape, pageLine, pagingOf, pagingShape, resourceInput } from '../schemas/resources.js';
import { resourcesOf } from '../services.js';
import { defineTool } from '../tool.js';
import { resourceReadOptions } from './resource-read-options.js';
import { customerName, customerSummaryOf, customerSummarySchema } from './customer-views.js';

export const listCustomers = defineTool({
  name: 'list_customers',
  area: 'resources',
  title: 'Find customers by name or phone',
  description:
    "Finds the wash's customers (the Data API's customer records) by name or phone number: each word of a name matches a first or last name; digits (4 or more, " +
    'any punctuation) match part of the phone number. Returns each customer\'s id, names, phone and whether active; get_customer gives one customer\'s memberships, washbooks and last washes. ' +
    `${PERSONAL_DATA_RULE} ${RESOURCE_RULES}`,
  inputSchema: resourceInput(
    { query: searchCustomersInputSchema.shape.query.describe('A name ("Ada Lovelace", "lovelace") or at least 4 digits of a phone number ("312-555-0101", "0101")'), ...pageInputShape },
    searchCustomersInputSchema,
  ),
  outputSchema: z.object({ customers: z.array(customerSummarySchema), ...pagingShape }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(input, services, context) {
    const page = await resourcesOf(services).searchCustomers(input, resourceReadOptions(context));
    return { customers: page.rows.map(customerSummaryOf), ...pagingOf(page) };
  },
  render: (out) =>
    [
      out.freshness.note,
      ...out.customers.map((c) => `- ${c.customerId}: ${customerName(c)}, phone ${c.phone ?? '—'}${c.isActive ? '' : ', inactive'}`),
      pageLine(out, out.customers.length),
    ].join('\n'),
});
