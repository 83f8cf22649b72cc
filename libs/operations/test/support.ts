import { randomBytes } from 'node:crypto';
import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import { BackofficeClient, type CreateEmployeeInput } from '@washops/backoffice-client';
import { openStore, type AuditEvent, type OpenStoreOptions, type Store } from '@washops/store';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { backofficeConnectionOf, Operations, type OperationsLogger } from '../src/index.js';

/** A PostgreSQL server to run the same suites against (as the store's suites do); each file gets its own database. */
export const testDatabaseUrl = process.env['WASHOPS_TEST_DATABASE_URL'];

interface Backend {
  name: string;
  skip: boolean;
  open(): Promise<{ options: OpenStoreOptions; drop(): Promise<void> }>;
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const backends: Backend[] = [
  { name: 'PGlite', skip: false, open: async () => ({ options: { inMemory: true }, drop: async () => undefined }) },
  {
    name: 'PostgreSQL',
    skip: !testDatabaseUrl,
    async open() {
      const name = `washops_operations_test_${process.pid}_${randomBytes(4).toString('hex')}`;
      await admin(`create database ${name}`);
      const url = new URL(testDatabaseUrl as string);
      url.pathname = `/${name}`;
      return { options: { databaseUrl: url.toString(), maxConnections: 4 }, drop: () => admin(`drop database if exists ${name} with (force)`) };
    },
  },
];

export function describeEachBackend(title: string, body: (store: () => Store) => void): void {
  for (const backend of backends) {
    describe.skipIf(backend.skip)(`${title} on ${backend.name}`, () => {
      let store: Store | undefined;
      let drop: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const opened = await backend.open();
        drop = opened.drop;
        store = await openStore(opened.options);
      });
      afterAll(async () => {
        await store?.close();
        await drop?.();
      });
      body(() => store as Store);
    });
  }
}

/** One simulator per file, reset before each test. */
export function useSimulator(seed: string): () => BackofficeSimulator {
  let sim: BackofficeSimulator | undefined;
  beforeAll(async () => {
    sim = await startBackofficeSimulator({ seed });
  });
  afterAll(async () => {
    await sim?.close();
  });
  beforeEach(() => sim?.control.reset());
  return () => sim as BackofficeSimulator;
}

export interface LogLine {
  level: string;
  entry: Record<string, unknown>;
  msg: string | undefined;
}

/** A pino-like logger that keeps its lines; `child` bindings are merged into each line, as pino does. */
export function memoryLogger(lines: LogLine[] = [], bindings: Record<string, unknown> = {}): OperationsLogger & { lines: LogLine[] } {
  const at = (level: string) => (entry: object, msg?: string) => void lines.push({ level, entry: { ...bindings, ...(entry as Record<string, unknown>) }, msg });
  return { lines, info: at('info'), warn: at('warn'), error: at('error'), child: (more) => memoryLogger(lines, { ...bindings, ...more }) };
}

/** `fetch`: the client's, e.g. one that watches its requests to arm a fault for what follows. */
export function operationsFor(store: Store, sim: BackofficeSimulator, logger?: OperationsLogger, fetch?: typeof globalThis.fetch): Operations {
  const client = new BackofficeClient({ baseUrl: sim.url, username: 'bot', password: 'bot-password', ...(fetch ? { fetch } : {}) });
  return new Operations({ store, backoffice: backofficeConnectionOf(client), ...(logger ? { logger } : {}) });
}

let counter = 0;
/** A valid createEmployee input whose POS id, email and phone are not in the seeded tenant. */
export function newEmployee(overrides: Partial<CreateEmployeeInput> = {}): CreateEmployeeInput & { posUserId: number; email: string } {
  counter++;
  const n = 700_000 + counter * 7 + Math.floor(Math.random() * 5) + (process.pid % 1000) * 100;
  return {
    firstName: 'Audit',
    lastName: `Person${counter}`,
    phone: `(777) ${String(100 + (n % 900)).padStart(3, '0')}-${String(n % 10_000).padStart(4, '0')}`,
    email: `audit.person${n}@example.invalid`,
    posUserId: n,
    wageRate: 17.25,
    startDate: '2026-05-01',
    availableSites: ['WashU Fiesta', 'nolo'],
    permission: 'Cashier',
    departments: ['Greeter'],
    ...overrides,
  };
}

/** The events of one correlation id (each write has its own). */
export async function eventsOf(store: Store, correlationId: string): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  for await (const event of store.audit.stream({})) if (event.correlationId === correlationId) events.push(event);
  return events;
}

/** The newest events, newest first. */
export async function newest(store: Store, limit = 10): Promise<AuditEvent[]> {
  return (await store.audit.list({}, { limit })).events;
}

/** The vendor's form POSTs (sign-in aside). */
export function vendorPosts(sim: BackofficeSimulator): string[] {
  return sim.control
    .requests()
    .filter((r) => r.method === 'POST' && r.path !== '/login_check')
    .map((r) => r.path);
}

/**
 * A client fetch that runs a callback once, when the next `METHOD /path` request is sent or once its answer has
 * arrived: to arm a fault for what follows a write's POST (its read-back), not for what comes before.
 */
export function watchingFetch(): {
  fetch: typeof fetch;
  whenSent(request: string, then: () => void): void;
  afterAnswer(request: string, then: () => void): void;
} {
  const sent = new Map<string, () => void>();
  const answered = new Map<string, () => void>();
  const take = (waiting: Map<string, () => void>, request: string) => {
    const then = waiting.get(request);
    waiting.delete(request);
    then?.();
  };
  return {
    fetch: async (input, init) => {
      const request = `${init?.method ?? 'GET'} ${new URL(input instanceof Request ? input.url : input).pathname}`;
      take(sent, request);
      const response = await fetch(input, init);
      take(answered, request);
      return response;
    },
    whenSent: (request, then) => void sent.set(request, then),
    afterAnswer: (request, then) => void answered.set(request, then),
  };
}
