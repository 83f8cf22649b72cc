import type { z } from 'zod';
import type { Requester } from '../internal/requester.js';
import type { RequestOptions } from '../params.js';
import type { TransactionsClient } from '../client.js';
import type { ListResource, SitesResource } from './resource-objects.js';
import { listResource, query } from './list-resource.js';
import { ItemSchema } from './models/items.js';
import { SalesOutcomeSchema } from './models/sales-outcomes.js';
import { MAX_PAGE_SIZE } from './params/common.js';
import { ItemListParamsSchema } from './params/items.js';
import { SalesOutcomeParamsSchema } from './params/sales-outcomes.js';
import type { Item, ItemListParams, SalesOutcome, SalesOutcomeParams } from './types.js';

/** Items for sale: `GET /item` (cached an hour by the server). */
export function itemsResource(requester: Requester): ListResource<ItemListParams, Item> {
  return listResource(requester, (params: ItemListParams = {}) => {
    const p = requester.parse(ItemListParamsSchema, params satisfies z.input<typeof ItemListParamsSchema>, 'item list params');
    return { path: '/item', query: query({ departmentName: p.departmentName }), itemsKey: 'items', item: ItemSchema, pageSize: MAX_PAGE_SIZE.items };
  });
}

/** Sales advisor outcomes: `GET /sales-outcome/list` (dates `YYYY-MM-DD`, pages up to 500). */
export function salesOutcomesResource(requester: Requester): ListResource<SalesOutcomeParams, SalesOutcome> {
  return listResource(requester, (params: SalesOutcomeParams | undefined) => {
    const p = requester.parse(SalesOutcomeParamsSchema, params satisfies z.input<typeof SalesOutcomeParamsSchema> | undefined, 'sales outcome params');
    return {
      path: '/sales-outcome/list',
      query: { startDate: p.startDate, endDate: p.endDate },
      itemsKey: 'sales',
      item: SalesOutcomeSchema,
      pageSize: p.pageSize ?? MAX_PAGE_SIZE.salesOutcomes,
    };
  });
}

/** `GET /site/list`: the same request as `TransactionsClient.listSites`. */
export function sitesResource(transactions: TransactionsClient): SitesResource {
  return { list: (options?: RequestOptions) => transactions.listSites(options) };
}
