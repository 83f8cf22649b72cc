import 'server-only';
import { createCaller, createErrorLogger, createPortalContext, requestInfoFromHeaders } from '@washops/portal-api';
import { headers } from 'next/headers';
import { getPortalDeps } from './deps';
import { portalLogger } from './logger';

/** Calls procedures from React Server Components without an HTTP hop, as the signed-in user of this request. */
export async function serverCaller() {
  const [deps, requestHeaders] = await Promise.all([getPortalDeps(), headers()]);
  return createCaller(createPortalContext(deps, requestInfoFromHeaders(requestHeaders, deps.auth.trustProxy)), {
    onError: createErrorLogger(portalLogger()),
  });
}
