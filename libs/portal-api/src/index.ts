export { PublicErrorCause, toTrpcError } from './errors.js';
export { publicErrorOf } from './trpc.js';
export { appRouter, createCaller, type AppRouter } from './root.js';
export {
  createFetchContextFactory,
  createPortalContext,
  requestInfoFromHeaders,
  type BackofficeApi,
  type PortalAuthConfig,
  type PortalContext,
  type PortalDeps,
  type PortalRequestInfo,
} from './context.js';
export { SESSION_COOKIE, readCookie } from './auth/cookies.js';
export { hashPassword, verifyPassword } from './auth/passwords.js';
export { DEMO_SIGN_INS, demoPortalUsers, parsePortalUsers, type PortalUser } from './auth/portal-users.js';
export { createSessionToken, verifySessionToken, type PortalRole, type PortalSession } from './auth/session-token.js';
export { SignInThrottle } from './auth/sign-in-throttle.js';
export { signInInput } from './schemas.js';
