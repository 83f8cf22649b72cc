import { NextResponse, type NextRequest } from 'next/server';

/** Kept in step with `SESSION_COOKIE` of @washops/portal-api (this file must stay free of server dependencies). */
const SESSION_COOKIE = 'washops_session';

/**
 * A coarse gate only: page views without a session cookie go to the sign-in page. Whether the
 * session is valid, and what its role may do, is decided by the tRPC procedures.
 */
export function proxy(request: NextRequest) {
  if (request.cookies.has(SESSION_COOKIE)) return NextResponse.next();
  const signIn = new URL('/sign-in', request.url);
  const wanted = request.nextUrl.pathname + request.nextUrl.search;
  if (wanted !== '/') signIn.searchParams.set('next', wanted);
  return NextResponse.redirect(signIn);
}

export const config = {
  // Everything but the sign-in page, the API (it answers 401 itself) and static assets.
  matcher: ['/((?!sign-in|api/|_next/static|_next/image|favicon.ico|icon.svg).*)'],
};
