import { z } from 'zod';
import { isRecord, looseBoolean, optionalString } from '../../internal/coerce.js';
import type { AccountCustomer, AccountTag, AccountVehicle } from '../types.js';

/**
 * Date-times as the vendor sends them become ISO 8601 UTC strings, here and only here.
 *
 * UNVERIFIED ASSUMPTION: a vendor date-time without an offset (`2025-01-15 22:03:29`, or an ISO string without `Z`) is
 * UTC. The document says "UTC" for some of these fields (gift cards' `completeDate`, recurring `signUpDate`,
 * modification dates) and nothing for the others; no source captured a live value with a known local time.
 */
const VENDOR_DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?))?(Z|[+-]\d{2}:?\d{2})?$/i;

/** Reads a vendor date-time (`YYYY-MM-DD HH:MM:SS`, ISO 8601, or a date alone) as an ISO 8601 UTC string; `null` if unreadable. */
export function vendorDateTimeToIso(text: string): string | null {
  const match = VENDOR_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [, day, time, offset] = match;
  const ms = Date.parse(`${day}T${time ?? '00:00:00'}${offset ?? 'Z'}`);
  if (Number.isNaN(ms) || new Date(Date.parse(`${day}T00:00:00Z`)).toISOString().slice(0, 10) !== day) return null;
  return new Date(ms).toISOString();
}

/** A vendor date-time, as ISO 8601 UTC. */
export const vendorDateTime = z.string().transform((text, ctx) => {
  const iso = vendorDateTimeToIso(text);
  if (iso === null) {
    ctx.addIssue({ code: 'custom', message: 'expected a date-time such as 2025-01-15 22:03:29' });
    return z.NEVER;
  }
  return iso;
});

/** A vendor calendar date (`1999-12-31`, or a date-time of which the UTC date is kept), as `YYYY-MM-DD`. */
export const vendorDate = vendorDateTime.transform((iso) => iso.slice(0, 10));

/** Unix seconds, as a number or a numeric string (sales outcomes' `timestamp`), as ISO 8601 UTC. */
export const unixSecondsAsIso = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)])
  .pipe(z.number().int().nonnegative())
  .transform((seconds) => new Date(seconds * 1000).toISOString());

/** A nullable field where the live API may also send `""` or leave the key out. */
export function nullable<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === undefined || v === '' ? null : v), schema.nullable());
}

/** An identifier or code the vendor sends as a string or a number; always a string here. */
export const idString = z.union([z.string(), z.number()]).transform(String);

/** A list the document says is never null: `null` or a missing key is an empty list. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => v ?? [], z.array(item));
}

/** A nested object the live API may send as `null`: it becomes the object with every field `null`. */
export function objectOrEmpty<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === null || v === undefined ? {} : v), schema);
}

export const AccountTagSchema = z.object({
  id: idString,
  number: idString,
  enabled: looseBoolean,
}) satisfies z.ZodType<AccountTag>;

export const AccountVehicleSchema = z.object({
  id: idString,
  plate: optionalString,
}) satisfies z.ZodType<AccountVehicle>;

export const AccountCustomerSchema = objectOrEmpty(
  z.object({
    id: nullable(idString),
    number: nullable(idString),
    firstName: optionalString,
    lastName: optionalString,
  }),
) satisfies z.ZodType<AccountCustomer>;

/** Renames keys the live API spells differently from our models (`from` → `to`), unless `to` is already there. */
export function renameKeys(renames: Record<string, string>) {
  return (value: unknown): unknown => {
    if (!isRecord(value)) return value;
    const out: Record<string, unknown> = { ...value };
    for (const [from, to] of Object.entries(renames)) {
      if (out[to] === undefined && out[from] !== undefined) out[to] = out[from];
      delete out[from];
    }
    return out;
  };
}
