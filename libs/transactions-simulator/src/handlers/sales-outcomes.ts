/**
 * `GET /sales-outcome/list`: the sales advisor tool's outcomes (was the customer converted to a plan?). Calendar
 * dates, pages of up to 500, every field a string. The spec lists no site-code header, so only the credential's
 * sites narrow it.
 */
import { siteById } from '../chain.js';
import { dollarText } from '../envelopes.js';
import { PAGE_SIZES, parsePaging } from '../validation.js';
import { parseDayRange, rejectProblems } from '../resource-params.js';
import type { Handler } from './context.js';
import { criteriaKey, pageReply, rowsOf, selectionMoment, upTo } from './paging.js';
import { byTimeThenId, itemIdOf } from './render.js';

export const salesOutcomeList: Handler = (state, ctx) => {
  const problems: string[] = [];
  const range = parseDayRange(ctx.query, state.clock.now(), problems);
  const page = parsePaging(ctx.query, problems, PAGE_SIZES.salesOutcomes);
  rejectProblems(problems);
  const sites = ctx.caller.allowed;
  const criteria = criteriaKey(ctx, sites);
  const at = selectionMoment(state, range.endMs);
  const selected = rowsOf(state, `${ctx.endpoint}|${criteria}|${range.startMs}|${at}`, () =>
    byTimeThenId(state.world.salesOutcomes(sites, range.startMs, at), (s) => s.atMs, (s) => `${s.siteId}|${s.employeeId}`),
  );
  const ordered = upTo(selected, range.endMs, (s) => s.atMs);
  return pageReply(state, ctx, 'sales', ordered, page, criteria, (s) => ({
    timestamp: String(Math.floor(s.atMs / 1000)),
    employeeId: String(s.employeeId),
    adpId: adpIdOf(s.employeeId),
    employeeName: s.employeeName,
    siteId: String(s.siteId),
    site: `${s.siteId} - ${siteById.get(s.siteId)?.name ?? ''}`,
    isConverted: s.converted ? 'yes' : 'no',
    itemId: itemIdOf(s.itemSku, s.siteId),
    itemName: s.itemName,
    itemPrice: dollarText(s.priceCents),
    terminalName: s.terminalName,
  }));
};

/** A payroll (ADP) id of the employee's shape in the spec's example (`FZ0X3D000RX0`): 12 upper-case characters. */
function adpIdOf(employeeId: number): string {
  return `FZ${employeeId.toString(36).toUpperCase().padStart(10, '0')}`;
}
