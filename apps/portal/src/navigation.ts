/** The path and query a page view asked for, set by the proxy; the sign-in page checks it with `safeNext` before following it. */
export const WANTED_PATH_HEADER = 'x-washops-wanted-path';

/** Where to go after signing in: only a path on this site (no open redirect to another host). */
export function safeNext(next: string | string[] | undefined, fallback = '/today'): string {
  const value = Array.isArray(next) ? next[0] : next;
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // A path that parses to another origin (tabs, newlines, encoded tricks) is refused as well.
  const parsed = new URL(value, 'http://portal.invalid');
  return parsed.origin === 'http://portal.invalid' && !/[\t\n\r]/.test(value) ? value : fallback;
}
