import { randomInt } from 'node:crypto';
import { z } from 'zod';

/** The portal's roles: `admin` may write, `viewer` reads. */
export const PORTAL_ROLE_NAMES = ['admin', 'viewer'] as const;
export const portalRoleSchema = z.enum(PORTAL_ROLE_NAMES, { error: 'The role is admin or viewer.' });

/**
 * A portal username: lower-case letters, digits, dot, dash and underscore, starting with a letter or
 * digit. Lower-cased on the way in, so `Ada` and `ada` are one account (sign-in lower-cases too).
 */
export const portalUsernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Enter a username.')
  .max(64, 'A username has at most 64 characters.')
  .regex(/^[a-z0-9][a-z0-9._-]*$/, 'Use letters, digits, dot, dash or underscore, starting with a letter or digit.');

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

/** A new portal password (set by an admin, the user, or the command line). Old ones are only checked. */
export const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `A password needs at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `A password has at most ${MAX_PASSWORD_LENGTH} characters.`)
  .refine((password) => password.trim().length >= MIN_PASSWORD_LENGTH, 'A password needs more than spaces.');

// No 0/O, 1/l/I: a generated password is read off a screen and typed once.
const READABLE = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GENERATED_GROUPS = 4;
const GROUP_LENGTH = 5;

/** A random password shown once: four groups of five readable characters (about 116 bits). */
export function generatePassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < GENERATED_GROUPS; g++) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i++) group += READABLE[randomInt(READABLE.length)];
    groups.push(group);
  }
  return groups.join('-');
}
