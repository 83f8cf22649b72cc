import { listSalesOutcomesInputSchema, MAX_RESOURCE_RANGE_DAYS } from '@washops/operations/schemas';
import { z } from 'zod';
import { RESOURCE_RULES, moneyOrNull, optionalMoney, pageInputShape, pageLine, pagingOf, pagingShape, resourceInput } from '../schemas/resources.js';
import { resourcesOf } from '../services.js';
import { defineTool } from '../tool.js';
import { resourceReadOptions } from './resource-read-options.js';

const shape = listSalesOutcomesInputSchema.shape;

export const listSalesOutcomes = defineTool({
  name: 'list_sales_outcomes',
  area: 'resources',
  title: 'Membership sales outcomes per employee',
  description:
    'Answers "who sells memberships": per employee over a range of days, the offers made at the register and how many converted (the conversion rate), and a page of the offers ' +
    '(when, who, site, converted or not, the item sold). Days are UTC days, YYYY-MM-DD. ' +
    RESOURCE_RULES,
  inputSchema: resourceInput(
    {
      from: shape.from.describe('First day, YYYY-MM-DD'),
      to: shape.to.describe(`Last day, YYYY-MM-DD, inclusive (at most ${MAX_RESOURCE_RANGE_DAYS} days)`),
      siteId: shape.siteId.describe('Only this site, by its numeric Data API site id'),
      employeeId: shape.employeeId.describe("Only this employee's offers"),
      ...pageInputShape,
    },
    listSalesOutcomesInputSchema,
  ),
  outputSchema: z.object({
    byEmployee: z.array(
      z.object({ employeeId: z.string(), employeeName: z.string(), offers: z.number().int(), conversions: z.number().int(), conversionRate: z.number().nullable().describe('conversions ÷ offers') }),
    ),
    outcomes: z.array(
      z.object({
        at: z.string(),
        employeeId: z.string(),
        employeeName: z.string(),
        siteId: z.number().int(),
        site: z.string(),
        isConverted: z.boolean(),
        itemName: z.string().nullable(),
        itemPrice: optionalMoney,
        terminalName: z.string(),
      }),
    ),
    ...pagingShape,
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(input, services, context) {
    const page = await resourcesOf(services).listSalesOutcomes(input, resourceReadOptions(context));
    return {
      byEmployee: page.byEmployee,
      outcomes: page.rows.map(({ itemPriceCents, ...o }) => ({ ...o, itemPrice: moneyOrNull(itemPriceCents) })),
      ...pagingOf(page),
    };
  },
  render: (out) =>
    [
      out.freshness.note,
      ...out.byEmployee.map(
        (e) => `- ${e.employeeName} (${e.employeeId}): ${e.conversions} of ${e.offers} offer(s) converted${e.conversionRate === null ? '' : ` (${Math.round(e.conversionRate * 1000) / 10} %)`}`,
      ),
      `Offers: ${pageLine(out, out.outcomes.length)}`,
    ].join('\n'),
});
