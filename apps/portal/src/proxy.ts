import { NextResponse, type NextRequest } from 'next/server';
import { WANTED_PATH_HEADER } from './navigation';

/** Kept in step with `SESSION_COOKIE` of @washops/portal-api (this file must stay free of server dependencies). */
const SESSION_COOKIE = 'washops_session';

/**
 * A coarse gate only: page views without a session cookie go to the sign-in page. Whether the
 * session is valid, and what its role may do, is decided by the tRPC procedures.
 */
export function proxy(request: NextRequest) {
  const wanted = request.nextUrl.pathname + request.nextUrl.search;
  if (request.cookies.has(SESSION_COOKIE)) {
    // For the portal layout, which sends an expired or forged session to sign in and back here.
    const headers = new Headers(request.headers);
    headers.set(WANTED_PATH_HEADER, wanted);
    return NextResponse.next({ request: { headers } });
  }
  const signIn = new URL('/sign-in', request.url);
  if (wanted !== '/') signIn.searchParams.set('next', wanted);
  return NextResponse.redirect(signIn);
}

export const config = {
  // Everything but the sign-in page, the API (it answers 401 itself) and static assets.
  matcher: ['/((?!sign-in|api/|_next/static|_next/image|favicon.ico|icon.svg).*)'],
};
