import { listItemsInputSchema } from '@washops/operations/schemas';
import { z } from 'zod';
import { moneyOf, moneySchema } from '../schemas/reports.js';
import { RESOURCE_RULES, moneyOrNull, optionalMoney, pageInputShape, pageLine, pagingOf, pagingShape, resourceInput } from '../schemas/resources.js';
import { resourcesOf } from '../services.js';
import { defineTool } from '../tool.js';
import { resourceReadOptions } from './resource-read-options.js';

export const listItems = defineTool({
  name: 'list_items',
  area: 'resources',
  title: 'The item catalog',
  description:
    'Lists the items the sites sell (washes, add-ons, membership plans, washbooks, gift cards, merchandise…), by department then name: sku, price at the site, cost, ' +
    'whether the price is asked at the register, and the site the price is for. Filter by department as the catalog spells it (e.g. "Wash", "Recurring Plan", "Add On"). ' +
    RESOURCE_RULES,
  inputSchema: resourceInput(
    { department: listItemsInputSchema.shape.department.describe('A department name as the catalog spells it, e.g. "Wash", "Recurring Plan", "Add On"'), ...pageInputShape },
    listItemsInputSchema,
  ),
  outputSchema: z.object({
    items: z.array(
      z.object({
        sku: z.string(),
        name: z.string(),
        departmentName: z.string(),
        siteLocation: z.string().nullable(),
        price: moneySchema,
        cost: optionalMoney,
        isPromptForPrice: z.boolean(),
      }),
    ),
    ...pagingShape,
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(input, services, context) {
    const page = await resourcesOf(services).listItems(input, resourceReadOptions(context));
    return {
      items: page.rows.map(({ priceCents, costCents, ...item }) => ({ ...item, price: moneyOf(priceCents), cost: moneyOrNull(costCents) })),
      ...pagingOf(page),
    };
  },
  render: (out) =>
    [
      out.freshness.note,
      ...out.items.map((i) => `- ${i.departmentName}: ${i.name} (${i.sku}) ${i.isPromptForPrice ? 'price asked at the register' : i.price.dollars}${i.siteLocation ? ` at ${i.siteLocation}` : ''}`),
      pageLine(out, out.items.length),
    ].join('\n'),
});
