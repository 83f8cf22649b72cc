import 'server-only';
import { randomBytes } from 'node:crypto';
import {
  HashingSlots,
  InMemoryPortalUsers,
  PASSWORD_COST,
  RevokedSessions,
  SignInThrottle,
  demoPortalUsers,
  type PortalDeps,
} from '@washops/portal-api';
import { registerSecret } from '@washops/shared-errors';
import { readPortalEnv } from '../env';
import { createClients } from './clients';

/**
 * One set of dependencies per server process. Kept on `globalThis` because Next.js may load this
 * module once per bundle layer (route handlers, pages); they must share clients and the secret.
 */
const globalKey = Symbol.for('washops.portal.deps');
type Holder = { [globalKey]?: Promise<PortalDeps> };

async function createPortalDeps(): Promise<PortalDeps> {
  const env = readPortalEnv();
  registerSecret(env.backoffice.password);
  registerSecret(env.transactions.apiKey);
  const users = env.auth.users === 'demo' ? await demoPortalUsers() : env.auth.users;
  // Demo mode without a configured secret: a fresh one per process (sign-ins end at a restart).
  const sessionSecret = env.auth.sessionSecret ?? randomBytes(32).toString('base64url');
  registerSecret(sessionSecret);
  return {
    auth: {
      users: new InMemoryPortalUsers(users),
      sessionSecret,
      sessionTtlMs: env.auth.sessionTtlMs,
      throttle: new SignInThrottle(),
      hashingSlots: new HashingSlots(),
      passwordCost: PASSWORD_COST,
      trustProxy: env.auth.trustProxy,
      secureCookies: env.auth.secureCookies,
      revokedSessions: new RevokedSessions(),
    },
    ...createClients(env),
  };
}

export function getPortalDeps(): Promise<PortalDeps> {
  const holder = globalThis as Holder;
  holder[globalKey] ??= createPortalDeps().catch((error: unknown) => {
    delete holder[globalKey];
    throw error;
  });
  return holder[globalKey];
}
