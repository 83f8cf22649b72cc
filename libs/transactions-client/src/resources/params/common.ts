import { z } from 'zod';
import { EntityIdentifierSchema } from '../../models.js';
import { code } from '../../internal/input-rules.js';
import { PAGE_SIZE } from '../../internal/paginate.js';

/** Identifiers and page sizes shared by the resources' input schemas. */

/** An account id in a path (`/recurring/account/{id}/detail`, `/washbook/account/{id}/detail`): any short code. */
export const AccountIdSchema = code('account id', 'account id is required');

/** `customerId` (path or query) and `itemId`: `<record>:<site>`, e.g. `5012:1001`. */
export const CustomerIdSchema = EntityIdentifierSchema;
export const ItemIdSchema = EntityIdentifierSchema;

/** An employee id: digits (a number or a string). */
export const EmployeeIdSchema = z
  .union([z.number().int().nonnegative(), z.string().trim().regex(/^\d{1,18}$/, 'expected digits, e.g. 42')], {
    error: 'employee id must be a number or a string of digits',
  })
  .transform(String);

export const SiteCodeSchema = code('site');

/**
 * The largest page each list endpoint accepts, which the client always asks for (one table; the paginator uses it).
 * UNVERIFIED: the contract gives no maximum for customers, washbooks and recurring accounts; 100 (the common
 * `CollectionLimitParameter`) is assumed for them.
 */
export const MAX_PAGE_SIZE = {
  transactions: PAGE_SIZE,
  items: 100,
  customers: 100,
  recurringAccounts: 100,
  recurringDetails: 100,
  recurringModifications: 100,
  washbooks: 100,
  giftCards: 100,
  employees: 100,
  /** `CollectionLimitParameterV2`: 100–1000. */
  recurringStatusChanges: 1000,
  /** `CollectionSalesAdvisorLimitParameter`: 1–500. */
  salesOutcomes: 500,
} as const;

/** The smallest page of the status-change list (`CollectionLimitParameterV2`). */
export const MIN_STATUS_CHANGE_PAGE_SIZE = 100;

export function pageSizeSchema(min: number, max: number) {
  return z
    .number({ error: `pageSize must be a whole number from ${min} to ${max}` })
    .int(`pageSize must be a whole number from ${min} to ${max}`)
    .min(min, `pageSize must be at least ${min}`)
    .max(max, `pageSize must be at most ${max}`);
}
