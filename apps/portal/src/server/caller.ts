import 'server-only';
import { createCaller, createErrorLogger, createPortalContext, requestInfoFromHeaders, toTrpcError } from '@washops/portal-api';
import { headers } from 'next/headers';
import { getPortalDeps } from './deps';
import { portalLogger } from './logger';

/** Calls procedures from React Server Components without an HTTP hop, as the signed-in user of this request. */
export async function serverCaller() {
  const [deps, requestHeaders] = await Promise.all([getPortalDeps(), headers()]);
  const context = () =>
    createPortalContext(deps, requestInfoFromHeaders(requestHeaders, deps.auth.trustProxy)).catch((error: unknown) => {
      // The database is unavailable: the page fails with the public error, like a procedure would.
      throw toTrpcError(error);
    });
  return createCaller(context, { onError: createErrorLogger(portalLogger()) });
}
