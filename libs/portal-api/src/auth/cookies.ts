export const SESSION_COOKIE = 'washops_session';

/** The session cookie: httpOnly so scripts cannot read it, SameSite=Strict so other sites cannot send it. */
export function sessionCookie(token: string, options: { maxAgeSeconds: number; secure: boolean }): string {
  const attributes = [`${SESSION_COOKIE}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${options.maxAgeSeconds}`];
  if (options.secure) attributes.push('Secure');
  return attributes.join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie('', { maxAgeSeconds: 0, secure });
}

/** Reads one cookie from a `Cookie` header. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}
