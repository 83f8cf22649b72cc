/** Escapes text for an HTML attribute or text node. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');
}

/**
 * The body Symfony's RedirectResponse sends with every 302 of the real BackOffice, byte for byte
 * (no trailing newline; `&` in the URL rendered `&amp;`).
 */
export function redirectShell(url: string): string {
  const u = escapeHtml(url);
  return (
    '<!DOCTYPE html>\n<html>\n    <head>\n        <meta charset="UTF-8" />\n' +
    `        <meta http-equiv="refresh" content="0;url='${u}'" />\n\n` +
    `        <title>Redirecting to ${u}</title>\n    </head>\n    <body>\n` +
    `        Redirecting to <a href="${u}">${u}</a>.\n    </body>\n</html>`
  );
}
