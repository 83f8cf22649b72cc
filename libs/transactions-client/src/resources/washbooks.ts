import type { z } from 'zod';
import type { Requester } from '../internal/requester.js';
import { pathFor } from '../internal/transport.js';
import type { ListResource, WashbooksResource } from './resource-objects.js';
import { listResource, query, unixRange } from './list-resource.js';
import { GiftCardSchema } from './models/gift-cards.js';
import { WashbookAccountDetailResponseSchema, WashbookAccountSchema } from './models/washbooks.js';
import { AccountIdSchema, MAX_PAGE_SIZE } from './params/common.js';
import { GiftCardListParamsSchema, WashbookListParamsSchema } from './params/washbooks.js';
import type { GiftCard, GiftCardListParams, WashbookListParams } from './types.js';

/** Washbooks (prepaid wash packages): `GET /washbook/account/list` and `GET /washbook/account/{id}/detail`. */
export function washbooksResource(requester: Requester): WashbooksResource {
  const lists = listResource(requester, (params: WashbookListParams = {}) => {
    const p = requester.parse(WashbookListParamsSchema, params satisfies z.input<typeof WashbookListParamsSchema>, 'washbook list params');
    return {
      path: '/washbook/account/list',
      query: query({
        accountStatus: p.status,
        customerId: p.customerId,
        itemId: p.itemId,
        ...unixRange(p),
      }),
      itemsKey: 'accounts',
      item: WashbookAccountSchema,
      pageSize: MAX_PAGE_SIZE.washbooks,
    };
  });
  return {
    ...lists,
    async get(accountId, options = {}) {
      const id = requester.parse(AccountIdSchema, accountId, 'washbook account id');
      const path = pathFor('/washbook/account/{id}/detail', { id });
      const body = await requester.call({ method: 'GET', path }, WashbookAccountDetailResponseSchema, options.signal);
      return body.data;
    },
  };
}

/** Gift-card liability: `GET /giftcard-liablilty` (the live path is spelled so). */
export function giftCardsResource(requester: Requester): ListResource<GiftCardListParams, GiftCard> {
  return listResource(requester, (params: GiftCardListParams = {}) => {
    const p = requester.parse(GiftCardListParamsSchema, params satisfies z.input<typeof GiftCardListParamsSchema>, 'gift card list params');
    return {
      path: '/giftcard-liablilty',
      query: query({
        prepaidNumber: p.prepaidNumber,
        site: p.site,
        ...unixRange(p),
      }),
      itemsKey: 'giftcards',
      item: GiftCardSchema,
      pageSize: MAX_PAGE_SIZE.giftCards,
    };
  });
}
