import { listWashbooksInputSchema } from '@washops/operations/schemas';
import { z } from 'zod';
import { RESOURCE_RULES, pageInputShape, pageLine, pagingOf, pagingShape, resourceInput } from '../schemas/resources.js';
import { resourcesOf } from '../services.js';
import { defineTool } from '../tool.js';
import { resourceReadOptions } from './resource-read-options.js';
import { washbookOf, washbookSchema } from './customer-views.js';

const shape = listWashbooksInputSchema.shape;

export const listWashbooks = defineTool({
  name: 'list_washbooks',
  area: 'resources',
  title: 'List washbooks (prepaid wash accounts)',
  description:
    'Lists washbook accounts (prepaid washes): washes left (a balance of 900 or more is unlimited), status, sign-up and cancel dates, the customer. Filter by customer or status. ' +
    RESOURCE_RULES,
  inputSchema: resourceInput(
    { customerId: shape.customerId.describe("Only this customer's washbooks (an id from list_customers)"), status: shape.status.describe('active or inactive'), ...pageInputShape },
    listWashbooksInputSchema,
  ),
  outputSchema: z.object({ washbooks: z.array(washbookSchema), ...pagingShape }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(input, services, context) {
    const page = await resourcesOf(services).listWashbooks(input, resourceReadOptions(context));
    return { washbooks: page.rows.map(washbookOf), ...pagingOf(page) };
  },
  render: (out) =>
    [
      out.freshness.note,
      ...out.washbooks.map((w) => `- ${w.id}: ${w.name ?? 'washbook'}, ${w.unlimited ? 'unlimited' : `${w.balance ?? 0} washes left`}, ${w.status}, customer ${w.customerId ?? '—'}`),
      pageLine(out, out.washbooks.length),
    ].join('\n'),
});
