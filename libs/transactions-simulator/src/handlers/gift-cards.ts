/** `GET /giftcard-liablilty` (SC; the misspelled path is the real one): cards sold in the range, with what was used. */
import { dollars, vendorDateTime } from '../envelopes.js';
import { PAGE_SIZES, parsePaging, parseUnixRange, RESOURCE_RANGES, selectSites } from '../validation.js';
import { rejectProblems } from '../resource-params.js';
import type { Handler } from './context.js';
import { criteriaKey, pageReply, rowsOf, selectionMoment, upTo } from './paging.js';
import { byTimeThenId, nullLive, siteCodeOf } from './render.js';

export const giftCardList: Handler = (state, ctx) => {
  const sites = selectSites(ctx.query, ctx.caller.visible, false);
  const problems: string[] = [];
  const range = parseUnixRange(ctx.query, state.clock.now(), RESOURCE_RANGES.giftCards, problems);
  const page = parsePaging(ctx.query, problems, PAGE_SIZES.list);
  rejectProblems(problems);
  const number = ctx.query['prepaidNumber']?.trim();
  const now = state.clock.now();
  const criteria = criteriaKey(ctx, sites);
  const at = selectionMoment(state, range.endMs);
  const selected = rowsOf(state, `${ctx.endpoint}|${criteria}|${range.startMs}|${at}`, () => {
    const rows = state.world.giftCards(sites, range.startMs, at).filter((g) => !number || g.number === number);
    return byTimeThenId(rows, (g) => g.soldMs, (g) => g.giftcardId);
  });
  const ordered = upTo(selected, range.endMs, (g) => g.soldMs);
  return pageReply(state, ctx, 'giftcards', ordered, page, criteria, (g) => ({
    siteCode: siteCodeOf(g.siteId),
    completeDate: nullLive(state, 'completeDate', g.giftcardId) ? null : vendorDateTime(g.soldMs),
    number: g.number,
    value: dollars(g.valueCents),
    amountUsed: dollars(g.usedCentsAt(now)),
    giftcardId: g.giftcardId,
  }));
};
