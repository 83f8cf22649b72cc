import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// node:crypto's scrypt is a vetted KDF already in the runtime; no extra dependency is needed.
function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** scrypt's cost parameters. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's current recommendation for scrypt: N = 2^17, r = 8, p = 1 (128 MiB per hash). */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** What a stored hash may ask for; anything else is refused before scrypt runs (it could cost gigabytes). */
const SANE = { minLogN: 14, maxLogN: 20, maxR: 32, maxP: 16, maxMemory: 2 ** 30, salt: [16, 64], key: [32, 64] } as const;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A stored hash, checked to be within the sane range. */
export interface ParsedPasswordHash extends ScryptCost {
  salt: Buffer;
  key: Buffer;
}

/** scrypt needs 128·N·r bytes for its table plus 128·r·p for its blocks; Node refuses more than `maxmem`. */
function maxmemFor({ N, r, p }: ScryptCost): number {
  return 128 * r * (N + p) + 16 * 1024 * 1024;
}

/** Hashes a portal password as `scrypt$N$r$p$<salt>$<hash>` (base64url), the form the environment holds. */
export async function hashPassword(password: string, cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: maxmemFor(cost) });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function isPowerOfTwo(n: number): boolean {
  return Number.isSafeInteger(n) && n > 0 && (n & (n - 1)) === 0;
}

function decimal(text: string): number {
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * Reads a stored hash; `null` when it is malformed or asks for parameters outside the sane range
 * (N a power of two from 2^14 to 2^20, r 1–32, p 1–16, at most 1 GiB, salt 16–64 and key 32–64 bytes).
 */
export function parsePasswordHash(stored: string): ParsedPasswordHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, nText, rText, pText, saltText, keyText] = parts as [string, string, string, string, string, string];
  const [N, r, p] = [decimal(nText), decimal(rText), decimal(pText)];
  if (!isPowerOfTwo(N) || N < 2 ** SANE.minLogN || N > 2 ** SANE.maxLogN) return null;
  if (!(r >= 1 && r <= SANE.maxR && p >= 1 && p <= SANE.maxP) || 128 * N * r > SANE.maxMemory) return null;
  if (!BASE64URL.test(saltText) || !BASE64URL.test(keyText)) return null;
  const salt = Buffer.from(saltText, 'base64url');
  const key = Buffer.from(keyText, 'base64url');
  if (salt.length < SANE.salt[0] || salt.length > SANE.salt[1] || key.length < SANE.key[0] || key.length > SANE.key[1]) return null;
  return { N, r, p, salt, key };
}

/** Checks a password against a stored hash in constant time. A malformed or out-of-range hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.key.length, { N: parsed.N, r: parsed.r, p: parsed.p, maxmem: maxmemFor(parsed) });
  return timingSafeEqual(key, parsed.key);
}

/** True when a stored hash was made at a lower cost than `cost`: it is upgraded at the next successful sign-in. */
export function needsRehash(stored: string, cost: ScryptCost = PASSWORD_COST): boolean {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  return parsed.N < cost.N || parsed.r < cost.r || parsed.p < cost.p || parsed.key.length < KEY_LENGTH;
}

/** A hash that no password matches, at `cost`, verified for unknown usernames so timing does not reveal them. */
export function unmatchableHash(cost: ScryptCost = PASSWORD_COST): string {
  return ['scrypt', cost.N, cost.r, cost.p, Buffer.alloc(SALT_LENGTH).toString('base64url'), Buffer.alloc(KEY_LENGTH, 1).toString('base64url')].join('$');
}
