import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { safeNext, WANTED_PATH_HEADER } from './navigation';
import { proxy } from './proxy';

describe('safeNext', () => {
  it('follows paths on this site only', () => {
    expect(safeNext('/users?x=1')).toBe('/users?x=1');
    expect(safeNext(undefined)).toBe('/today');
    expect(safeNext(['/users', '/other'])).toBe('/users');
    for (const hostile of ['https://evil.example/', '//evil.example', '/\\evil.example', 'evil', '/\t/evil.example', 'javascript:alert(1)']) {
      expect(safeNext(hostile), hostile).toBe('/today');
    }
  });
});

describe('the proxy (coarse gate)', () => {
  it('sends anonymous page views to the sign-in page, keeping where they were going', () => {
    const response = proxy(new NextRequest('http://portal.test/employees/new?x=1'));
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('http://portal.test/sign-in?next=%2Femployees%2Fnew%3Fx%3D1');
  });

  it('lets a request with a session cookie through; the procedures judge the session', () => {
    const response = proxy(new NextRequest('http://portal.test/employees', { headers: { cookie: 'washops_session=anything' } }));
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('x-middleware-next')).toBe('1');
  });

  it('tells the portal layout which page was asked for, so an expired session signs in and comes back to it', () => {
    const response = proxy(new NextRequest('http://portal.test/transactions?from=2026-11-01&to=2026-11-07', { headers: { cookie: 'washops_session=expired' } }));
    expect(response.headers.get(`x-middleware-request-${WANTED_PATH_HEADER}`)).toBe('/transactions?from=2026-11-01&to=2026-11-07');
  });
});
