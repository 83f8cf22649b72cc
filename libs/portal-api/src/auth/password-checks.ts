import { RateLimitError } from '@washops/shared-errors';
import type { PortalUserCredentials } from '@washops/store';
import type { PortalDeps } from '../context.js';
import { toTrpcError } from '../errors.js';
import { hashPassword, needsRehash, unmatchableHash, verifyPassword } from './passwords.js';
import type { SignInAttempt } from './sign-in-throttle.js';

/** "8 seconds" / "15 minutes": how long a refused attempt must wait, as the forms show it. */
function waitPhrase(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

export function refusedForNow(message: string, retryAfterMs: number): never {
  throw toTrpcError(new RateLimitError(`${message} Try again in ${waitPhrase(retryAfterMs)}.`, { retryAfterMs }));
}

/** Takes a hashing slot (waiting in the short queue if need be) or refuses: a flood must not exhaust memory. */
export function hashingSlotOrRefuse(deps: PortalDeps): Promise<() => void> {
  return deps.auth.hashingSlots.tryAcquire() ?? refusedForNow('The portal is busy checking other passwords.', 1000);
}

/** A new password's hash at the portal's cost, in a hashing slot (each scrypt holds 128 MiB). */
export async function hashInSlot(deps: PortalDeps, password: string): Promise<string> {
  const release = await hashingSlotOrRefuse(deps);
  try {
    return await hashPassword(password, deps.auth.passwordCost);
  } finally {
    release();
  }
}

export interface PasswordCheck {
  attempt: SignInAttempt;
  password: string;
  /** What a wrong password (or an unknown or disabled user) is refused with. */
  wrong: () => Error;
  /** The sentence of a throttled refusal. */
  throttled: string;
  /** Runs in the same hashing slot after a right password (hash upgrade, a new hash). */
  thenInSlot: (user: PortalUserCredentials) => Promise<void>;
}

/**
 * Checks a password under the sign-in throttle and a hashing slot. The attempt is counted as a
 * failure before the slow hash check (so guesses sent at once cannot all pass the throttle first)
 * and taken back on success. Unknown and disabled users are checked against a hash as slow as a
 * real one and refused with the same error, so neither the answer nor its timing tells them apart.
 */
export async function checkPassword(deps: PortalDeps, check: PasswordCheck): Promise<PortalUserCredentials> {
  const { auth, store } = deps;
  // Decided before anything is awaited, so concurrent attempts get slots in the order they came.
  const slot = hashingSlotOrRefuse(deps);
  const giveBackSlot = () => void slot.then((release) => release());
  let waitMs: number;
  try {
    waitMs = await auth.throttle.admit(check.attempt);
  } catch (error) {
    giveBackSlot();
    throw error;
  }
  if (waitMs > 0) {
    giveBackSlot();
    refusedForNow(check.throttled, waitMs);
  }
  const release = await slot;
  let user: PortalUserCredentials | null;
  try {
    user = await store.users.findCredentials(check.attempt.username);
    const valid = await verifyPassword(check.password, user?.passwordHash ?? unmatchableHash(auth.passwordCost));
    if (!user || user.disabled || !valid) throw check.wrong();
    await check.thenInSlot(user);
  } finally {
    release();
  }
  await auth.throttle.recordSuccess(check.attempt);
  return user;
}

/** For sign-in: a hash below the portal's cost is replaced, the user's sessions kept. */
export function upgradeHashIfOld(deps: PortalDeps, password: string) {
  return async (user: PortalUserCredentials): Promise<void> => {
    if (!needsRehash(user.passwordHash, deps.auth.passwordCost)) return;
    await deps.store.users.setPasswordHash(user.username, await hashPassword(password, deps.auth.passwordCost), { endSessions: false });
  };
}
