import { listGiftCardsInputSchema } from '@washops/operations/schemas';
import { z } from 'zod';
import { moneyOf, moneySchema } from '../schemas/reports.js';
import { RESOURCE_RULES, pageInputShape, pageLine, pagingOf, pagingShape, resourceInput } from '../schemas/resources.js';
import { resourcesOf } from '../services.js';
import { defineTool } from '../tool.js';
import { resourceReadOptions } from './resource-read-options.js';

const shape = listGiftCardsInputSchema.shape;

export const listGiftCards = defineTool({
  name: 'list_gift_cards',
  area: 'resources',
  title: 'Gift cards and their outstanding liability',
  description:
    'Answers "how much gift-card money is outstanding": the liability per site (cards, value sold, used, outstanding = value − used) over every card, and a page of the cards themselves ' +
    '(number, site, when sold, value, used, outstanding), newest first. Filter by site code; while gift cards are not synced, name a site (live, the whole chain is a request per 100 cards). ' +
    RESOURCE_RULES,
  inputSchema: resourceInput({ siteCode: shape.siteCode.describe('Only cards sold at this site code'), ...pageInputShape }, listGiftCardsInputSchema),
  outputSchema: z.object({
    liability: z.array(z.object({ siteCode: z.string().nullable(), cards: z.number().int(), value: moneySchema, used: moneySchema, outstanding: moneySchema })).describe('per site, over every card'),
    totalOutstanding: moneySchema,
    cards: z.array(
      z.object({ giftcardId: z.string(), siteCode: z.string().nullable(), soldAt: z.string().nullable(), number: z.string(), value: moneySchema, used: moneySchema, outstanding: moneySchema }),
    ),
    ...pagingShape,
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(input, services, context) {
    const page = await resourcesOf(services).listGiftCards(input, resourceReadOptions(context));
    return {
      liability: page.liability.map((l) => ({ siteCode: l.siteCode, cards: l.cards, value: moneyOf(l.valueCents), used: moneyOf(l.usedCents), outstanding: moneyOf(l.outstandingCents) })),
      totalOutstanding: moneyOf(page.totalOutstandingCents),
      cards: page.rows.map((g) => ({ giftcardId: g.giftcardId, siteCode: g.siteCode, soldAt: g.soldAt, number: g.number, value: moneyOf(g.valueCents), used: moneyOf(g.usedCents), outstanding: moneyOf(g.outstandingCents) })),
      ...pagingOf(page),
    };
  },
  render: (out) =>
    [
      out.freshness.note,
      `Outstanding gift-card liability: ${out.totalOutstanding.dollars}.`,
      ...out.liability.map((l) => `- ${l.siteCode ?? '(no site)'}: ${l.cards} card(s), sold ${l.value.dollars}, used ${l.used.dollars}, outstanding ${l.outstanding.dollars}`),
      `Cards: ${pageLine(out, out.cards.length)}`,
    ].join('\n'),
});
