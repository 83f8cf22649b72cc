import type { z } from 'zod';
import type { Requester } from '../internal/requester.js';
import { pathFor } from '../internal/transport.js';
import type { CustomersResource } from './resource-objects.js';
import { listResource, query } from './list-resource.js';
import { CustomerListItemSchema, CustomerResponseSchema } from './models/customers.js';
import { CustomerIdSchema, MAX_PAGE_SIZE } from './params/common.js';
import { CustomerListParamsSchema } from './params/customers.js';
import type { CustomerListParams } from './types.js';

/** `GET /customer` (dates `YYYY-MM-DD`) and `GET /customer/{id}`. */
export function customersResource(requester: Requester): CustomersResource {
  const lists = listResource(requester, (params: CustomerListParams = {}) => {
    const p = requester.parse(CustomerListParamsSchema, params satisfies z.input<typeof CustomerListParamsSchema>, 'customer list params');
    return {
      path: '/customer',
      query: query({ ...p }),
      itemsKey: 'customers',
      item: CustomerListItemSchema,
      pageSize: MAX_PAGE_SIZE.customers,
    };
  });
  return {
    ...lists,
    async get(customerId, options = {}) {
      const id = requester.parse(CustomerIdSchema, customerId, 'customer id');
      const body = await requester.call({ method: 'GET', path: pathFor('/customer/{id}', { id }) }, CustomerResponseSchema, options.signal);
      return body.data;
    },
  };
}
