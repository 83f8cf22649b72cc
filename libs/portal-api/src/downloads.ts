import { ValidationError, WashOpsError } from '@washops/shared-errors';
import { createPortalContext, requestInfoFromHeaders, type PortalDeps } from './context.js';
import type { PortalSession } from './auth/sessions.js';

// What the portal's download routes share: the procedures' own session check, and the answers a
// browser or script reads when it fails.

/** A short plain-text answer that no cache keeps. */
export function plainResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers } });
}

/** The database cannot be reached: 503 with its retry hint, as the procedures answer; `null` for any other error. */
export function unavailableResponse(error: unknown): Response | null {
  if (!(error instanceof WashOpsError) || error.status !== 503) return null;
  const retryAfterMs = Number(error.details['retryAfterMs']);
  const seconds = Number.isFinite(retryAfterMs) && retryAfterMs > 0 ? Math.ceil(retryAfterMs / 1000) : 5;
  return plainResponse(503, error.message, { 'retry-after': String(seconds) });
}

/** A CSV file to save, kept by no cache. */
export function csvAttachment(filename: string, body: BodyInit): Response {
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'private, no-store' },
  });
}

/**
 * A download for signed-in users only (the proxy lets API paths through, so the session is checked
 * here, the way the procedures check it): 401 with `signedOutMessage` without a session, 503 with a
 * retry hint when the database cannot be reached, 400 for a request the checks refuse.
 */
export async function signedInDownload(
  request: Request,
  getDeps: () => Promise<PortalDeps>,
  signedOutMessage: string,
  answer: (signedIn: { deps: PortalDeps; session: PortalSession }) => Promise<Response>,
): Promise<Response> {
  try {
    const deps = await getDeps();
    const { session } = await createPortalContext(deps, requestInfoFromHeaders(request.headers, deps.auth.trustProxy));
    if (!session) return plainResponse(401, signedOutMessage);
    return await answer({ deps, session });
  } catch (error) {
    const unavailable = unavailableResponse(error);
    if (unavailable) return unavailable;
    if (error instanceof ValidationError) return plainResponse(400, error.message);
    throw error;
  }
}
