/** `GET /item` (SC, 1-hour cache): the catalogue of every site the request sees, one row per site and item. */
import { dollarText } from '../envelopes.js';
import { PAGE_SIZES, parsePaging } from '../validation.js';
import { parseChoice, rejectProblems } from '../resource-params.js';
import type { Handler } from './context.js';
import { cachedReply, criteriaKey, pageReply } from './paging.js';

/** `/item` is cached for 1 hour (§1 "Server-side caching"). */
const ITEM_CACHE_TTL_MS = 60 * 60_000;

/** The request's `departmentName` enum and the department the response spells for each (§6: spelled differently). */
const DEPARTMENT_FILTER = {
  Wash: 'Wash',
  Detail: 'Detail',
  Service: 'Service',
  Merchandise: 'Merchandise',
  Discount: 'Promotion/Coupon',
  GiftCard: 'GiftCard',
  WashBook: 'WashBook',
  Recurring_Plan: 'Recurring Plan',
  Add_On: 'Add On',
  Vacuum_sales: 'Vacuum Sales',
  Prepaid_Wash: 'Prepaid Wash',
  Prepaid_vacuum: 'Prepaid Vacuum',
  food: 'Food',
  beverage: 'Beverage',
  recipe: 'Recipe',
} as const;
type DepartmentFilter = keyof typeof DEPARTMENT_FILTER;
const FILTERS = Object.keys(DEPARTMENT_FILTER) as DepartmentFilter[];

export const itemList: Handler = (state, ctx) =>
  cachedReply(state, ctx, ITEM_CACHE_TTL_MS, () => {
    const problems: string[] = [];
    const filter = parseChoice(ctx.query, 'departmentName', FILTERS, 'departmentInvalid', problems);
    const page = parsePaging(ctx.query, problems, PAGE_SIZES.list);
    rejectProblems(problems);
    const department = filter === undefined ? undefined : DEPARTMENT_FILTER[filter];
    const sites = ctx.caller.visible;
    const rows = sites.flatMap((site) =>
      state.world
        .items(site)
        .filter((item) => department === undefined || item.department === department)
        .map((item) => ({ item, site })),
    );
    return pageReply(state, ctx, 'items', rows, page, criteriaKey(ctx, sites), ({ item, site }) => ({
      sku: item.sku,
      name: item.name,
      departmentName: item.department,
      // Strings in the spec's own schema ("will always have a number in string format").
      priceAtSite: dollarText(item.priceCents),
      costPerItem: item.costCents === null ? null : dollarText(item.costCents),
      isPromptForPrice: item.promptForPrice,
      siteLocation: site.code,
    }));
  });
