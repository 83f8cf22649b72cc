/** The login page (`GET /login`) and how a lost session shows. */

/**
 * True for a page that carries the login form. A substring test, as the protocol defines it
 * (both field names present), so that every page can be checked without parsing it.
 */
export function isLoginPage(html: string): boolean {
  return html.includes('name="_username"') && html.includes('name="_password"');
}

/** True for a Location (path and query) that points at the login page, not at `/login_check`. */
export function isLoginPath(path: string): boolean {
  return (path.split(/[?#]/, 1)[0] ?? '') === '/login';
}
