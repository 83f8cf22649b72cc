import { demoPortalUsers } from '@washops/portal-api';
import { describe, expect, it } from 'vitest';
import { PortalEnvError, readPortalEnv } from './env.js';

const tenant = {
  BACKOFFICE_SUBDOMAIN: 'washu',
  BACKOFFICE_USERNAME: 'bot',
  BACKOFFICE_PASSWORD: 'pw',
  DATA_API_ID: 'washu',
  DATA_API_KEY: 'key',
  PORTAL_SESSION_SECRET: 'x'.repeat(40),
};

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PortalEnvError);
    return (error as Error).message;
  }
  throw new Error('expected a PortalEnvError');
}

describe('readPortalEnv', () => {
  it('runs in demo mode against the simulators on their default ports, with the demo sign-ins', () => {
    expect(readPortalEnv({ WASHOPS_DEMO: '1' })).toEqual({
      mode: 'demo',
      backoffice: { subdomain: 'demo', username: 'bot', password: 'bot-password', baseUrl: 'http://127.0.0.1:4010' },
      transactions: { apiId: 'demo', apiKey: 'demo-key', baseUrl: 'http://127.0.0.1:4020/v1' },
      dataApiTimeScale: 1,
      auth: { users: 'demo', sessionSecret: null, sessionTtlMs: 480 * 60_000, secureCookies: false, trustProxy: { kind: 'none' } },
    });
  });

  it('lets demo mode point at simulators elsewhere', () => {
    const env = readPortalEnv({ WASHOPS_DEMO: '1', BACKOFFICE_BASE_URL: 'http://127.0.0.1:4110', DATA_API_BASE_URL: 'http://127.0.0.1:4120/v1' });
    expect(env.backoffice.baseUrl).toBe('http://127.0.0.1:4110');
    expect(env.transactions.baseUrl).toBe('http://127.0.0.1:4120/v1');
    expect(messageOf(() => readPortalEnv({ WASHOPS_DEMO: '1', BACKOFFICE_BASE_URL: 'ftp://x' }))).toContain('BACKOFFICE_BASE_URL');
    expect(readPortalEnv({ WASHOPS_DEMO: '1', DATA_API_TIME_SCALE: '0.05' }).dataApiTimeScale).toBe(0.05);
    expect(messageOf(() => readPortalEnv({ WASHOPS_DEMO: '1', DATA_API_TIME_SCALE: '0' }))).toContain('DATA_API_TIME_SCALE: must be a positive number');
  });

  it('names every missing variable and never echoes a value', () => {
    const message = messageOf(() => readPortalEnv({ BACKOFFICE_SUBDOMAIN: 'washu', BACKOFFICE_PASSWORD: 'hunter2-secret', PORTAL_SESSION_SECRET: 'short-secret-value' }));
    expect(message).toContain('BACKOFFICE_USERNAME: missing');
    expect(message).toContain('DATA_API_ID: missing');
    expect(message).toContain('DATA_API_KEY: missing');
    expect(message).toContain('PORTAL_USERS: missing');
    expect(message).toContain('PORTAL_SESSION_SECRET: must have at least 32 characters');
    expect(message).toContain('WASHOPS_DEMO=1');
    expect(message).not.toContain('BACKOFFICE_SUBDOMAIN');
    expect(message).not.toContain('hunter2-secret');
    expect(message).not.toContain('short-secret-value');
  });

  it('reads tenant credentials and hashed portal users', async () => {
    // The lowest accepted cost keeps the test quick; the cost itself is tested in portal-api.
    const users = await demoPortalUsers({ N: 2 ** 14, r: 8, p: 1 });
    const env = readPortalEnv({ ...tenant, PORTAL_USERS: JSON.stringify(users) });
    expect(env).toEqual({
      mode: 'tenant',
      backoffice: { subdomain: 'washu', username: 'bot', password: 'pw' },
      transactions: { apiId: 'washu', apiKey: 'key', environment: 'production' },
      dataApiTimeScale: 1,
      auth: { users, sessionSecret: 'x'.repeat(40), sessionTtlMs: 480 * 60_000, secureCookies: true, trustProxy: { kind: 'none' } },
    });
  });

  it('trusts forwarded headers only from the proxy TRUST_PROXY names, and refuses a malformed setting', () => {
    expect(readPortalEnv({ WASHOPS_DEMO: '1', TRUST_PROXY: '1' }).auth.trustProxy).toEqual({ kind: 'hops', hops: 1 });
    expect(readPortalEnv({ WASHOPS_DEMO: '1', TRUST_PROXY: '10.0.0.5' }).auth.trustProxy).toEqual({ kind: 'addresses', addresses: new Set(['10.0.0.5']) });
    expect(messageOf(() => readPortalEnv({ WASHOPS_DEMO: '1', TRUST_PROXY: 'my-proxy' }))).toMatch(/TRUST_PROXY: expected a hop count/);
  });

  it('refuses a stored hash with scrypt parameters outside the accepted range', () => {
    const salt = Buffer.alloc(16).toString('base64url');
    const key = Buffer.alloc(32).toString('base64url');
    const message = messageOf(() =>
      readPortalEnv({ ...tenant, PORTAL_USERS: JSON.stringify([{ username: 'a', role: 'admin', passwordHash: `scrypt$1024$8$1$${salt}$${key}` }]) }),
    );
    expect(message).toMatch(/passwordHash: is malformed or has scrypt parameters outside the accepted range/);
  });

  it('refuses portal users with clear passwords, without echoing them', () => {
    const message = messageOf(() =>
      readPortalEnv({ ...tenant, PORTAL_USERS: JSON.stringify([{ username: 'a', role: 'admin', passwordHash: 'hunter2' }]) }),
    );
    expect(message).toContain('passwordHash');
    expect(message).not.toContain('hunter2');
  });
});
