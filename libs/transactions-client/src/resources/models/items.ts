import { z } from 'zod';
import { looseBoolean, looseNumber, optionalString } from '../../internal/coerce.js';
import type { Item } from '../types.js';
import { idString, nullable } from './common.js';

/** One row of `GET /item`: `priceAtSite` and `costPerItem` are strings such as `"5.00"`; `costPerItem` may be null. */
export const ItemSchema = z.object({
  sku: idString,
  name: z.string(),
  departmentName: z.string(),
  priceAtSite: looseNumber,
  costPerItem: nullable(looseNumber),
  isPromptForPrice: looseBoolean,
  siteLocation: optionalString,
}) satisfies z.ZodType<Item>;
