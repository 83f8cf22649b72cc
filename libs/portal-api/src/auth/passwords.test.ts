import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, parsePasswordHash, PASSWORD_COST, unmatchableHash, verifyPassword } from './passwords.js';

const LOW = { N: 2 ** 14, r: 8, p: 1 };
const salt = Buffer.alloc(16, 7).toString('base64url');
const key = Buffer.alloc(32, 9).toString('base64url');

describe('password hashing', () => {
  it('hashes at OWASP scrypt cost N=2^17, r=8, p=1 by default, and verifies it', async () => {
    expect(PASSWORD_COST).toEqual({ N: 131_072, r: 8, p: 1 });
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery!', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('still accepts a lower-cost hash, and flags it for an upgrade', async () => {
    const old = await hashPassword('s3cret-passphrase', LOW);
    expect(old.startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(await verifyPassword('s3cret-passphrase', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(old, LOW)).toBe(false);
  });

  it.each([
    ['N not a power of two', `scrypt$20000$8$1$${salt}$${key}`],
    ['N below 2^14', `scrypt$8192$8$1$${salt}$${key}`],
    ['N above 2^20', `scrypt$2097152$8$1$${salt}$${key}`],
    ['r of 0', `scrypt$16384$0$1$${salt}$${key}`],
    ['r above 32', `scrypt$16384$33$1$${salt}$${key}`],
    ['p above 16', `scrypt$16384$8$17$${salt}$${key}`],
    ['more than 1 GiB', `scrypt$1048576$16$1$${salt}$${key}`],
    ['a salt under 16 bytes', `scrypt$16384$8$1$${Buffer.alloc(8).toString('base64url')}$${key}`],
    ['a key under 32 bytes', `scrypt$16384$8$1$${salt}$${Buffer.alloc(16).toString('base64url')}`],
    ['a key over 64 bytes', `scrypt$16384$8$1$${salt}$${Buffer.alloc(65).toString('base64url')}`],
    ['characters outside base64url', `scrypt$16384$8$1$${salt}$${key.slice(0, -2)}+/`],
    ['a leading zero', `scrypt$016384$8$1$${salt}$${key}`],
    ['another algorithm', `bcrypt$16384$8$1$${salt}$${key}`],
  ])('refuses a stored hash with %s, without running scrypt', async (_what, stored) => {
    expect(parsePasswordHash(stored)).toBeNull();
    // A refusal settles before the event loop turns; scrypt runs on the thread pool and cannot.
    const beforeNextTurn = await Promise.race([
      verifyPassword('anything', stored).then((matched) => ({ matched })),
      new Promise((resolve) => setImmediate(() => resolve('the event loop turned: scrypt ran'))),
    ]);
    expect(beforeNextTurn).toEqual({ matched: false });
    expect(needsRehash(stored)).toBe(false);
  });

  it('accepts the edges of the range', () => {
    expect(parsePasswordHash(`scrypt$16384$1$1$${salt}$${key}`)).toMatchObject({ N: 16_384, r: 1, p: 1 });
    expect(parsePasswordHash(`scrypt$1048576$8$16$${salt}$${key}`)).toMatchObject({ N: 1_048_576, r: 8, p: 16 });
  });

  it('makes an unmatchable hash at the given cost', async () => {
    expect(unmatchableHash(LOW).startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(parsePasswordHash(unmatchableHash())).toMatchObject(PASSWORD_COST);
    expect(await verifyPassword('', unmatchableHash(LOW))).toBe(false);
  });
});
