import { describe, expect, it } from 'vitest';
import { redirectShell } from './redirect-shell.js';

describe('redirectShell', () => {
  it('has the length of the real shells for the same targets', () => {
    // Lengths of the captured shells: insert → /employee/permissions/486 is 346 chars, update → /employee 282.
    expect(redirectShell('/employee/permissions/486')).toHaveLength(346);
    expect(redirectShell('/employee')).toHaveLength(282);
    expect(redirectShell('/user/permissions/3312060?userIsNew=1')).toHaveLength(394);
    expect(redirectShell('/employee/edit/484?actionXfer=QjlJuNJ7')).toHaveLength(398);
  });
  it('escapes the URL and ends without a newline', () => {
    const html = redirectShell('/employee?a=1&b=2');
    expect(html).toContain('Redirecting to <a href="/employee?a=1&amp;b=2">');
    expect(html.endsWith('</html>')).toBe(true);
  });
});
