import { z } from 'zod';

/**
 * Building blocks of the response models that absorb the live API's quirks (reference/data-api-contract.md §9). Shared
 * by the transaction models and the other resources' models; only zod, so the browser-safe `./schemas` entry can use them.
 */

const NUMERIC = /^-?\d+(?:\.\d+)?$/;

/** A number that may arrive as a numeric string ("5.00"). */
export const looseNumber = z.union([z.number(), z.string().trim().regex(NUMERIC).transform(Number)]).pipe(z.number().finite());
export const looseInt = looseNumber.pipe(z.number().int());
export const looseBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** A nullable string where the live API sends `""` for "unset". */
export const optionalString = z.preprocess((v) => (v === '' || v === undefined ? null : v), z.string().nullable());

/** A string enum that still accepts values the vendor adds later (typed as the known values, or any string). */
export function openEnum<const T extends readonly [string, ...string[]]>(_values: T) {
  return z.string() as unknown as z.ZodType<T[number] | (string & {}), string>;
}

/** A field the payload may omit or send as `""`: both become `null`. */
export function orNull<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === undefined || v === '' ? null : v), schema.nullable());
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
