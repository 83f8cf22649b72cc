import { isSecretKey } from '@washops/shared-errors';
import type { z } from 'zod';

/**
 * Control characters (C0, DEL, C1, so also line breaks and tabs), bidirectional formatting marks
 * and the Unicode line separators. None belongs in a portal field: they are invisible in a form
 * and can reorder or hide text where the value is shown again (the BackOffice, a CSV, a log).
 */
const HIDDEN_CHARACTERS = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/u;

const MAX_DEPTH = 6;

/**
 * The schema issues of every string in `value` that holds such a character, at its field path.
 * Values under secret keys (passwords) are skipped: a password may hold any character.
 */
export function hiddenCharacterIssues(value: unknown, path: Array<string | number> = []): z.core.$ZodIssue[] {
  if (typeof value === 'string') {
    if (!HIDDEN_CHARACTERS.test(value)) return [];
    const field = path.length > 0 ? path.join('.') : 'input';
    return [{ code: 'custom', path, input: value, message: `${field} must not contain control or bidirectional formatting characters` }];
  }
  if (typeof value !== 'object' || value === null || path.length >= MAX_DEPTH) return [];
  if (Array.isArray(value)) return value.flatMap((item, index) => hiddenCharacterIssues(item, [...path, index]));
  return Object.entries(value).flatMap(([key, item]) => (isSecretKey(key) ? [] : hiddenCharacterIssues(item, [...path, key])));
}

/**
 * The issues on an `Error`, the cause the error formatter reads input issues from. Not a zod 4 `ZodError`: that is
 * no `Error`, so `TRPCError` would wrap it and drop its issues (the per-field messages).
 */
export function hiddenCharacterError(issues: z.core.$ZodIssue[]): Error & { issues: z.core.$ZodIssue[] } {
  return Object.assign(new Error('The input holds control or bidirectional formatting characters.'), { name: 'ZodError', issues });
}
