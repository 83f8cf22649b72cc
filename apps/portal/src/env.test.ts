import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoPortalUsers } from '@washops/portal-api';
import { describe, expect, it } from 'vitest';
import { PortalEnvError, readPortalEnv } from './env.js';

const tenant = {
  BACKOFFICE_SUBDOMAIN: 'washu',
  BACKOFFICE_USERNAME: 'bot',
  BACKOFFICE_PASSWORD: 'pw',
  DATA_API_ID: 'washu',
  DATA_API_KEY: 'key',
};

const ROOT = '/srv/washops';

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
    expect(readPortalEnv({ WASHOPS_DEMO: '1' }, ROOT)).toEqual({
      mode: 'demo',
      backoffice: { subdomain: 'demo', username: 'bot', password: 'bot-password', baseUrl: 'http://127.0.0.1:4010' },
      transactions: { apiId: 'demo', apiKey: 'demo-key', baseUrl: 'http://127.0.0.1:4020/v1' },
      dataApiTimeScale: 1,
      auth: { users: [], sessionTtlMs: 480 * 60_000, secureCookies: false, trustProxy: { kind: 'none' } },
      database: { kind: 'pglite', dataDir: '/srv/washops/.washops' },
      exportStaleAfterMs: 60_000,
      syncWorker: true,
      digest: {},
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

  it('scales the Data API time with a tenant only when asked (a run against simulators at the tenant host names)', () => {
    expect(readPortalEnv(tenant, ROOT).dataApiTimeScale).toBe(1);
    expect(readPortalEnv({ ...tenant, DATA_API_TIME_SCALE: '0.1' }, ROOT).dataApiTimeScale).toBe(0.1);
    expect(messageOf(() => readPortalEnv({ ...tenant, DATA_API_TIME_SCALE: '2' }, ROOT))).toContain('DATA_API_TIME_SCALE: must be at most 1');
  });

  it('names every missing variable and never echoes a value', () => {
    const message = messageOf(() => readPortalEnv({ BACKOFFICE_SUBDOMAIN: 'washu', BACKOFFICE_PASSWORD: 'hunter2-secret', PORTAL_SECURE_COOKIES: 'maybe-secret-value' }));
    expect(message).toContain('BACKOFFICE_USERNAME: missing');
    expect(message).toContain('DATA_API_ID: missing');
    expect(message).toContain('DATA_API_KEY: missing');
    expect(message).toContain('PORTAL_SECURE_COOKIES: ');
    expect(message).toContain('WASHOPS_DEMO=1');
    expect(message).not.toContain('BACKOFFICE_SUBDOMAIN');
    expect(message).not.toContain('hunter2-secret');
    expect(message).not.toContain('maybe-secret-value');
    // Users may come from the database alone: PORTAL_USERS is no longer required.
    expect(message).not.toContain('PORTAL_USERS');
  });

  it('reads tenant credentials and hashed portal users', async () => {
    // The lowest accepted cost keeps the test quick; the cost itself is tested in portal-api.
    const users = await demoPortalUsers({ N: 2 ** 14, r: 8, p: 1 });
    const env = readPortalEnv({ ...tenant, PORTAL_USERS: JSON.stringify(users) }, ROOT);
    expect(env).toEqual({
      mode: 'tenant',
      backoffice: { subdomain: 'washu', username: 'bot', password: 'pw' },
      transactions: { apiId: 'washu', apiKey: 'key', environment: 'production' },
      dataApiTimeScale: 1,
      auth: { users, sessionTtlMs: 480 * 60_000, secureCookies: true, trustProxy: { kind: 'none' } },
      database: { kind: 'pglite', dataDir: '/srv/washops/.washops' },
      exportStaleAfterMs: 60_000,
      syncWorker: true,
      digest: {},
    });
  });

  it('keeps its data in PostgreSQL when DATABASE_URL is set, else in WASHOPS_DATA_DIR or the repository’s .washops/', () => {
    const url = 'postgres://washops:pw@db.internal:5432/washops';
    expect(readPortalEnv({ ...tenant, DATABASE_URL: url, WASHOPS_DATA_DIR: '/var/lib/washops' }, ROOT).database).toEqual({ kind: 'postgres', url });
    expect(readPortalEnv({ ...tenant, WASHOPS_DATA_DIR: '/var/lib/washops' }, ROOT).database).toEqual({ kind: 'pglite', dataDir: '/var/lib/washops' });
    expect(readPortalEnv({ ...tenant, WASHOPS_DATA_DIR: 'data' }, ROOT).database).toEqual({ kind: 'pglite', dataDir: '/srv/washops/data' });
    // `next start` runs in apps/portal: the default folder is at the repository's root, beside nx.json.
    const portalDir = fileURLToPath(new URL('..', import.meta.url));
    const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
    expect(readPortalEnv({ WASHOPS_DEMO: '1' }, portalDir).database).toEqual({ kind: 'pglite', dataDir: join(repoRoot, '.washops') });
  });

  it('still starts when a deployment sets the retired PORTAL_SESSION_SECRET, whatever its value', () => {
    expect(() => readPortalEnv({ ...tenant, PORTAL_SESSION_SECRET: 'short' }, ROOT)).not.toThrow();
    expect(JSON.stringify(readPortalEnv({ ...tenant, PORTAL_SESSION_SECRET: 'short' }, ROOT))).not.toContain('short');
  });

  it('calls a running export interrupted after EXPORT_STALE_SECONDS without news (60 by default), and refuses a bad value', () => {
    expect(readPortalEnv({ WASHOPS_DEMO: '1' }).exportStaleAfterMs).toBe(60_000);
    expect(readPortalEnv({ WASHOPS_DEMO: '1', EXPORT_STALE_SECONDS: '10' }).exportStaleAfterMs).toBe(10_000);
    expect(() => readPortalEnv({ WASHOPS_DEMO: '1', EXPORT_STALE_SECONDS: '2' })).toThrow(/at least 10/);
    expect(() => readPortalEnv({ WASHOPS_DEMO: '1', EXPORT_STALE_SECONDS: 'soon' })).toThrow(/EXPORT_STALE_SECONDS/);
  });

  it('works the sync queue in the portal unless SYNC_WORKER=off, and refuses anything else', () => {
    expect(readPortalEnv({ WASHOPS_DEMO: '1', SYNC_WORKER: 'off' }).syncWorker).toBe(false);
    expect(readPortalEnv({ ...tenant, SYNC_WORKER: 'on' }, ROOT).syncWorker).toBe(true);
    expect(messageOf(() => readPortalEnv({ ...tenant, SYNC_WORKER: 'sometimes' }, ROOT))).toContain('SYNC_WORKER');
  });

  it('hands the daily digest its settings as given, for the digest to judge at boot', () => {
    const digest = { WASHOPS_SMTP_URL: 'smtp://u:p@mail:587', WASHOPS_DIGEST_FROM: 'd@example.com', WASHOPS_DIGEST_RECIPIENTS: '*=ops@example.com', WASHOPS_DIGEST_CLOSE_HOUR: '7' };
    expect(readPortalEnv({ ...tenant, ...digest }, ROOT).digest).toEqual({ smtpUrl: 'smtp://u:p@mail:587', from: 'd@example.com', recipients: '*=ops@example.com', closeHour: '7' });
  });

  it('keeps audit events forever unless AUDIT_RETENTION_DAYS names a positive whole number of days, and refuses anything else', () => {
    expect(readPortalEnv({ WASHOPS_DEMO: '1' }).auditRetentionDays).toBeUndefined();
    expect(readPortalEnv({ WASHOPS_DEMO: '1', AUDIT_RETENTION_DAYS: '365' }).auditRetentionDays).toBe(365);
    expect(readPortalEnv({ ...tenant, AUDIT_RETENTION_DAYS: '30' }, ROOT).auditRetentionDays).toBe(30);
    expect(messageOf(() => readPortalEnv({ WASHOPS_DEMO: '1', AUDIT_RETENTION_DAYS: '0' }))).toContain('AUDIT_RETENTION_DAYS: must be a positive whole number of days');
    expect(messageOf(() => readPortalEnv({ WASHOPS_DEMO: '1', AUDIT_RETENTION_DAYS: '1.5' }))).toContain('AUDIT_RETENTION_DAYS: must be a whole number of days');
    expect(messageOf(() => readPortalEnv({ ...tenant, AUDIT_RETENTION_DAYS: 'a year' }, ROOT))).toContain('AUDIT_RETENTION_DAYS');
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
