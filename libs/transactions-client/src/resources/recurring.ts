import type { z } from 'zod';
import type { Requester } from '../internal/requester.js';
import { pathFor } from '../internal/transport.js';
import type { RequestOptions } from '../params.js';
import type { RecurringResource } from './resource-objects.js';
import { listResource, query, unixRange } from './list-resource.js';
import {
  RecurringAccountDetailResponseSchema,
  RecurringAccountDetailSchema,
  RecurringAccountModificationsSchema,
  RecurringAccountSchema,
  RecurringStatusChangeSchema,
} from './models/recurring.js';
import { AccountIdSchema, MAX_PAGE_SIZE } from './params/common.js';
import {
  RecurringAccountListParamsSchema,
  RecurringDetailsListParamsSchema,
  RecurringModificationParamsSchema,
  RecurringStatusChangeParamsSchema,
} from './params/recurring.js';
import type {
  RecurringAccountListParams,
  RecurringDetailsListParams,
  RecurringModificationParams,
  RecurringStatusChangeParams,
} from './types.js';

/** Recurring accounts (memberships): list, detail, details list, status changes and modifications. Dates in Unix seconds. */
export function recurringResource(requester: Requester): RecurringResource {
  const accounts = listResource(requester, (params: RecurringAccountListParams = {}) => {
    const p = requester.parse(RecurringAccountListParamsSchema, params satisfies z.input<typeof RecurringAccountListParamsSchema>, 'recurring account list params');
    return {
      path: '/recurring/account/list',
      query: query({
        recurringAccountStatus: p.status,
        customerId: p.customerId,
        itemId: p.itemId,
        ...unixRange(p),
      }),
      itemsKey: 'accounts',
      item: RecurringAccountSchema,
      pageSize: MAX_PAGE_SIZE.recurringAccounts,
    };
  });

  const details = listResource(requester, (params: RecurringDetailsListParams = {}) => {
    const p = requester.parse(RecurringDetailsListParamsSchema, params satisfies z.input<typeof RecurringDetailsListParamsSchema>, 'recurring details list params');
    return {
      path: '/recurring/account/details/list',
      query: query({
        recurringAccountStatus: p.status,
        ...unixRange(p),
      }),
      itemsKey: 'accounts',
      item: RecurringAccountDetailSchema,
      pageSize: MAX_PAGE_SIZE.recurringDetails,
    };
  });

  const statusChanges = listResource(requester, (params: RecurringStatusChangeParams = {}) => {
    const p = requester.parse(RecurringStatusChangeParamsSchema, params satisfies z.input<typeof RecurringStatusChangeParamsSchema>, 'status change params');
    return {
      path: '/recurring/account/status-list',
      query: query({
        recurringAccountStatus: p.status,
        ...unixRange(p),
      }),
      itemsKey: 'accounts',
      item: RecurringStatusChangeSchema,
      pageSize: p.pageSize ?? MAX_PAGE_SIZE.recurringStatusChanges,
    };
  });

  const modifications = listResource(requester, (params: RecurringModificationParams = {}) => {
    const p = requester.parse(RecurringModificationParamsSchema, params satisfies z.input<typeof RecurringModificationParamsSchema>, 'modification params');
    return {
      path: '/recurring/account/modifications',
      query: query({
        modifications: p.modification,
        sites: p.sites?.join(','),
        ...unixRange(p),
      }),
      itemsKey: 'accounts',
      item: RecurringAccountModificationsSchema,
      pageSize: MAX_PAGE_SIZE.recurringModifications,
    };
  });

  return {
    ...accounts,
    async get(accountId: string, options: RequestOptions = {}) {
      const id = requester.parse(AccountIdSchema, accountId, 'recurring account id');
      const path = pathFor('/recurring/account/{id}/detail', { id });
      const body = await requester.call({ method: 'GET', path }, RecurringAccountDetailResponseSchema, options.signal);
      return body.data;
    },
    listDetails: details.list,
    listDetailsPages: details.listPages,
    listStatusChanges: statusChanges.list,
    listStatusChangesPages: statusChanges.listPages,
    listModifications: modifications.list,
    listModificationsPages: modifications.listPages,
  };
}
