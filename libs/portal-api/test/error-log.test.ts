import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import type { BackofficeClient } from '@washops/backoffice-client';
import { BackofficeServerError, NotFoundError, registerSecret } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import {
  appRouter,
  createCaller,
  createErrorLogger,
  createFetchContextFactory,
  createPortalContext,
  ExportRegistry,
  publicErrorOf,
  type PortalLogger,
} from '../src/index.js';
import { browserRequest, errorOf, makeDeps, sessionCookieOf, testStore } from './helpers.js';

const TENANT_SECRET = 'tenant-secret-5be1c9d27a';
registerSecret(TENANT_SECRET);

/** A logger that keeps what it is given, as pino would receive it. */
function capturingLogger() {
  const entries: Array<{ obj: Record<string, unknown>; msg: string | undefined }> = [];
  const logger: PortalLogger = { error: (obj, msg) => entries.push({ obj: obj as Record<string, unknown>, msg }) };
  return { logger, entries };
}

function failingBackoffice(error: () => Error): BackofficeClient {
  const fail = async () => {
    throw error();
  };
  return new Proxy({}, { get: () => fail }) as BackofficeClient;
}

function connectToTenantDatabase(): never {
  throw new Error(`connection refused for postgres://bot:${TENANT_SECRET}@db.internal/tenant`);
}

async function callOverHttp(backoffice: BackofficeClient, path: string, body?: unknown) {
  const { logger, entries } = capturingLogger();
  const deps = await makeDeps(backoffice);
  const cookie = await sessionCookieOf(deps, 'admin');
  const response = await fetchRequestHandler({
    endpoint: '/api/trpc',
    req: new Request(`http://portal.test/api/trpc/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://portal.test', host: 'portal.test', cookie: cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
    router: appRouter,
    createContext: createFetchContextFactory(deps),
    onError: createErrorLogger(logger),
  });
  const text = await response.text();
  const json = JSON.parse(text) as { error: { message: string; data: { publicError: { message: string; details: Record<string, unknown> } } } };
  return { status: response.status, text, publicError: json.error.data.publicError, message: json.error.message, entries };
}

describe('the server log of failures', () => {
  it('logs an unexpected error with its real message and stack under the reference the user is shown, secrets masked', async () => {
    const result = await callOverHttp(failingBackoffice(() => connectToTenantDatabase() as never), 'employees.list');
    expect(result.status).toBe(500);
    const reference = result.publicError.details['reference'] as string;
    expect(reference).toMatch(/^[0-9a-f]{8}$/);
    expect(result.publicError.message).toBe(`An unexpected internal error occurred. The details were logged on the server. Reference: ${reference}.`);
    expect(result.message).toBe(result.publicError.message);
    expect(result.entries).toHaveLength(1);
    const [entry] = result.entries;
    expect(entry!.obj).toMatchObject({ reference, path: 'employees.list', code: 'INTERNAL_SERVER_ERROR' });
    const logged = entry!.obj['error'] as { name: string; message: string; stack: string };
    expect(logged.name).toBe('Error');
    expect(logged.message).toBe('connection refused for postgres://bot:[REDACTED]@db.internal/tenant');
    expect(logged.stack).toContain('connectToTenantDatabase');
    expect(entry!.msg).toContain(reference);
    expect(JSON.stringify(result.entries)).not.toContain(TENANT_SECRET);
    expect(result.text).not.toContain(TENANT_SECRET);
    expect(result.text).not.toContain('connectToTenantDatabase');
  });

  it('logs upstream (BAD_GATEWAY) failures with their cause, and the message keeps its own words plus the reference', async () => {
    const cause = new Error(`socket hang up after sending ${TENANT_SECRET}`);
    const result = await callOverHttp(
      failingBackoffice(() => new BackofficeServerError('The BackOffice answered 502 on /employee', { cause })),
      'employees.list',
    );
    expect(result.status).toBe(502);
    const reference = result.publicError.details['reference'];
    expect(result.publicError.message).toBe(`The BackOffice answered 502 on /employee. Reference: ${reference}.`);
    const logged = result.entries[0]!.obj as { reference: string; error: { code: string; cause: { message: string; stack: string } } };
    expect(logged.reference).toBe(reference);
    expect(logged.error.code).toBe('BACKOFFICE_SERVER_ERROR');
    expect(logged.error.cause.message).toBe('socket hang up after sending [REDACTED]');
    expect(logged.error.cause.stack).toContain('error-log.test.ts');
    expect(JSON.stringify(result.entries)).not.toContain(TENANT_SECRET);
  });

  it('logs a write that stopped halfway, whatever its code', async () => {
    const partial = new NotFoundError('Employee 4711 was created; the permission template was not found', {
      details: { employeeId: 4711, completedSteps: ['create'], remainingSteps: ['permissions'] },
    });
    const result = await callOverHttp(failingBackoffice(() => partial), 'employees.disable', { posUserId: 5 });
    expect(result.status).toBe(404);
    expect(result.publicError.details).toMatchObject({ employeeId: 4711, remainingSteps: ['permissions'] });
    expect(result.entries).toHaveLength(1);
    expect(result.entries[0]!.obj).toMatchObject({ reference: result.publicError.details['reference'], error: { details: { employeeId: 4711 } } });
  });

  it('does not log refusals (bad input, not found), which carry no reference', async () => {
    const result = await callOverHttp(failingBackoffice(() => new NotFoundError('No employee with POS id 5')), 'employees.disable', { posUserId: 5 });
    expect(result.status).toBe(404);
    expect(result.publicError.message).toBe('No employee with POS id 5');
    expect(result.publicError.details['reference']).toBeUndefined();
    const invalid = await callOverHttp(failingBackoffice(() => new Error('unreached')), 'employees.disable', { posUserId: -1 });
    expect(invalid.status).toBe(400);
    expect(result.entries).toHaveLength(0);
    expect(invalid.entries).toHaveLength(0);
  });

  it('logs failures of in-process calls (server-rendered pages) the same way', async () => {
    const { logger, entries } = capturingLogger();
    const deps = await makeDeps(failingBackoffice(() => connectToTenantDatabase() as never));
    const cookie = await sessionCookieOf(deps, 'viewer');
    const caller = createCaller(() => createPortalContext(deps, browserRequest({ cookieHeader: cookie })), {
      onError: createErrorLogger(logger),
    });
    const error = await errorOf(caller.discovery.sites());
    expect(entries).toHaveLength(1);
    expect(entries[0]!.obj['reference']).toBe(publicErrorOf(error).details['reference']);
    expect((entries[0]!.obj['error'] as { stack: string }).stack).toContain('connectToTenantDatabase');
  });

  it('does not log a call the browser abandoned', async () => {
    const aborted = () => Object.assign(new Error('The request was aborted'), { name: 'ResponseAborted' });
    const result = await callOverHttp(failingBackoffice(aborted), 'employees.list');
    expect(result.entries).toHaveLength(0);
    expect(result.publicError.details['reference']).toBeUndefined();
    const abortError = await callOverHttp(failingBackoffice(() => new DOMException('aborted', 'AbortError')), 'employees.list');
    expect(abortError.entries).toHaveLength(0);
  });

  it('logs a failed background export under the reference its public error shows', async () => {
    const { logger, entries } = capturingLogger();
    const store = await testStore();
    const owner = (await store.users.find('admin'))!.id;
    const registry = new ExportRegistry({ loadJob: async () => connectToTenantDatabase() }, store, { logger });
    const view = await registry.start(owner, { site: 'ECOM', startDate: 1_700_000_000, endDate: 1_700_000_060 });
    await expect.poll(async () => (await registry.status(owner, view.id)).state).toBe('failed');
    const failed = await registry.status(owner, view.id);
    const reference = failed.error?.details['reference'];
    expect(failed.error?.message).toBe(`An unexpected internal error occurred. The details were logged on the server. Reference: ${reference}.`);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.obj).toMatchObject({ reference, path: 'transactions.exports.job' });
    expect((entries[0]!.obj['error'] as { stack: string }).stack).toContain('connectToTenantDatabase');
    expect(JSON.stringify(entries)).not.toContain(TENANT_SECRET);
  });

  it('survives a logger that throws', async () => {
    const deps = await makeDeps(failingBackoffice(() => new Error('boom')));
    const cookie = await sessionCookieOf(deps, 'viewer');
    const response = await fetchRequestHandler({
      endpoint: '/api/trpc',
      req: new Request('http://portal.test/api/trpc/employees.list', { headers: { cookie: cookie } }),
      router: appRouter,
      createContext: createFetchContextFactory(deps),
      onError: createErrorLogger({
        error: () => {
          throw new Error('log sink down');
        },
      }),
    });
    expect(response.status).toBe(500);
  });
});
