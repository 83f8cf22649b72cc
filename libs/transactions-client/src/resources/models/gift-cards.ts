import { z } from 'zod';
import { looseNumber, optionalString } from '../../internal/coerce.js';
import type { GiftCard } from '../types.js';
import { idString, nullable, vendorDateTime } from './common.js';

/** One row of `GET /giftcard-liablilty` (the path's spelling is the live one). `completeDate` is null live on some cards. */
export const GiftCardSchema = z.object({
  giftcardId: idString,
  siteCode: optionalString,
  completeDate: nullable(vendorDateTime),
  number: idString,
  value: looseNumber,
  amountUsed: looseNumber,
}) satisfies z.ZodType<GiftCard>;
