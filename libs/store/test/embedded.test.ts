import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectPglite } from '../src/connection.js';
import { connectEmbedded } from '../src/embedded/connection.js';
import { embeddedLayout, MAX_SOCKET_PATH_BYTES } from '../src/embedded/layout.js';
import type { LockRecord } from '../src/embedded/lock.js';
import { openStore, StoreUnavailableError } from '../src/index.js';
import { storeOver } from '../src/store.js';
import { fakeHash, freshDataDir } from './harness.js';

const storeRoot = fileURLToPath(new URL('..', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/embedded-process.ts', import.meta.url));

const children = new Set<ChildProcess>();
const folders: string[] = [];

afterEach(async () => {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function folder(): Promise<string> {
  const dataDir = await freshDataDir();
  folders.push(dataDir);
  return dataDir;
}

interface Fixture {
  child: ChildProcess;
  /** The first line the process prints, parsed. */
  line: Promise<Record<string, unknown>>;
  exited: Promise<number | null>;
}

/** Runs `test/fixtures/embedded-process.ts` in its own process. */
function runFixture(mode: 'host' | 'client' | 'lock', dataDir: string): Fixture {
  const child = spawn(process.execPath, ['--conditions=@washops/source', '--import', 'tsx', fixture, mode, dataDir], {
    cwd: storeRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const line = new Promise<Record<string, unknown>>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const end = stdout.indexOf('\n');
      if (end >= 0) resolve(JSON.parse(stdout.slice(0, end)) as Record<string, unknown>);
    });
    void exited.then((code) => reject(new Error(`the ${mode} process exited (${code}) without a line: ${stderr}`)));
  });
  return { child, line, exited };
}

async function lockOf(dataDir: string): Promise<LockRecord> {
  return JSON.parse(await readFile(embeddedLayout(dataDir).lockFile, 'utf8')) as LockRecord;
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
}

describe('an embedded data folder shared between processes', () => {
  it('a host and a client in another process see each other’s writes; close removes the socket and the lock; the data stays', async () => {
    const dataDir = await folder();
    const layout = embeddedLayout(dataDir);
    const host = await openStore({ dataDir });
    try {
      expect((await lockOf(dataDir)).pid).toBe(process.pid);
      expect(existsSync(layout.socketPath)).toBe(true);
      await host.users.add({ username: 'ada', role: 'admin', passwordHash: fakeHash('a') });

      const client = runFixture('client', dataDir);
      expect(await client.line).toEqual({ role: 'client', users: ['ada'] });
      expect(await client.exited).toBe(0);
      expect((await host.users.list()).map((user) => user.username)).toEqual(['ada', 'from-child']);

      // Opening the folder's PGlite directly beside its host would break both (one session).
      await expect(connectPglite({ dataDir })).rejects.toThrow(/in use by process \d+/);
    } finally {
      await Promise.all([host.close(), host.close()]);
    }
    expect(existsSync(layout.socketPath)).toBe(false);
    expect(existsSync(layout.lockFile)).toBe(false);

    const reopened = await openStore({ dataDir });
    try {
      expect(reopened.migration.applied).toBe(0);
      expect((await reopened.users.list()).map((user) => user.username)).toEqual(['ada', 'from-child']);
    } finally {
      await reopened.close();
    }
  });

  it('a second process becomes the running host’s client; when the host dies mid-query, that query is a 503 and the next takes over with the data intact', async () => {
    const dataDir = await folder();
    const layout = embeddedLayout(dataDir);
    const host = runFixture('host', dataDir);
    expect(await host.line).toEqual({ ready: true, role: 'host' });

    const store = await openStore({ dataDir });
    try {
      expect((await lockOf(dataDir)).pid).toBe(host.child.pid);
      await store.users.add({ username: 'ada', role: 'admin', passwordHash: fakeHash('a') });

      // Another socket client's open transaction holds PGlite, so the next query waits at the host.
      const blocker = new pg.Client({ host: dataDir, port: 5432, user: 'postgres', database: 'postgres' });
      blocker.on('error', () => undefined);
      await blocker.connect();
      await blocker.query('begin');
      await blocker.query(`insert into portal_users (username, role, password_hash) values ('never', 'viewer', '${fakeHash('n')}')`);
      const waiting = store.users.list().catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 200));
      host.child.kill('SIGKILL');

      const error = await waiting;
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect((error as Error).message).toMatch(new RegExp(`process holding the embedded database in ${dataDir} stopped; retry`));
      expect((error as StoreUnavailableError).toJSON()).toMatchObject({ status: 503, details: { retryAfterMs: 5_000 } });
      // A killed host leaves its lock and socket behind: stale, since its pid is gone.
      await host.exited;
      expect((await lockOf(dataDir)).pid).toBe(host.child.pid);

      expect((await store.users.list()).map((user) => user.username)).toEqual(['ada']);
      expect((await lockOf(dataDir)).pid).toBe(process.pid);
      await store.users.add({ username: 'bob', role: 'viewer', passwordHash: fakeHash('b') });
      expect(await store.users.countActiveAdmins()).toBe(1);
      await blocker.end().catch(() => undefined);
    } finally {
      await store.close();
    }
    expect(existsSync(layout.lockFile)).toBe(false);
    expect(existsSync(layout.socketPath)).toBe(false);
  });

  it('a host stopped with SIGTERM closes cleanly, and its client carries on as the new host', async () => {
    const dataDir = await folder();
    const layout = embeddedLayout(dataDir);
    const host = runFixture('host', dataDir);
    await host.line;
    const store = await openStore({ dataDir });
    try {
      await store.users.add({ username: 'ada', role: 'admin', passwordHash: fakeHash('a') });
      host.child.kill('SIGTERM');
      expect(await host.exited).toBe(0);
      expect(existsSync(layout.lockFile)).toBe(false);
      expect(existsSync(layout.socketPath)).toBe(false);
      // The first query after a host went away either is refused (and noted) or already takes over.
      const first = await store.users.list().catch((error: unknown) => error);
      if (first instanceof Error) expect(first).toBeInstanceOf(StoreUnavailableError);
      expect((await store.users.list()).map((user) => user.username)).toEqual(['ada']);
      expect((await lockOf(dataDir)).pid).toBe(process.pid);
    } finally {
      await store.close();
    }
  });

  it('takes over a stale lock (its process is gone) and the socket it left', async () => {
    const dataDir = await folder();
    const layout = embeddedLayout(dataDir);
    const stale: LockRecord = { pid: await deadPid(), nonce: 'stale', startedAt: '2026-01-01T00:00:00.000Z', endpoint: { host: dataDir, port: 5432 } };
    await writeFile(layout.lockFile, JSON.stringify(stale));
    await writeFile(layout.socketPath, '');
    // And the guard of a takeover that died half-way.
    await writeFile(layout.takeoverFile, String(stale.pid));
    const store = await openStore({ dataDir });
    try {
      expect((await lockOf(dataDir)).pid).toBe(process.pid);
      expect(await store.users.list()).toEqual([]);
    } finally {
      await store.close();
    }
    expect(existsSync(layout.lockFile)).toBe(false);

    // This very pid, in a lock this process does not hold: a previous life of the pid (a restarted container).
    await writeFile(layout.lockFile, JSON.stringify({ ...stale, pid: process.pid, nonce: 'previous-life' }));
    // A guard never written: its process died the instant it made it, a minute ago.
    await writeFile(layout.takeoverFile, '');
    await utimes(layout.takeoverFile, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const again = await openStore({ dataDir });
    try {
      expect((await lockOf(dataDir)).nonce).not.toBe('previous-life');
      expect(await again.users.list()).toEqual([]);
      expect(existsSync(layout.takeoverFile)).toBe(false);
    } finally {
      await again.close();
    }
  });

  it('a second copy of the store module in this process (a bundle chunk, a hot reload) joins the host instead of taking its lock', async () => {
    const dataDir = await folder();
    const host = await openStore({ dataDir });
    try {
      const lock = await lockOf(dataDir);
      vi.resetModules();
      const copy = await import('../src/index.js');
      expect(copy.openStore).not.toBe(openStore);
      const client = await copy.openStore({ dataDir });
      try {
        expect(await lockOf(dataDir)).toEqual(lock);
        await client.users.add({ username: 'ada', role: 'admin', passwordHash: fakeHash('a') });
        expect((await host.users.list()).map((user) => user.username)).toEqual(['ada']);
      } finally {
        await client.close();
      }
    } finally {
      await host.close();
    }
  });

  it('of three processes finding one stale lock, exactly one takes it and the others find it held', async () => {
    const dataDir = await folder();
    const layout = embeddedLayout(dataDir);
    await writeFile(layout.lockFile, JSON.stringify({ pid: await deadPid(), nonce: 'stale', startedAt: '' }));
    const racers = [runFixture('lock', dataDir), runFixture('lock', dataDir), runFixture('lock', dataDir)];
    const lines = await Promise.all(racers.map((racer) => racer.line));
    expect(lines.filter((line) => line['held'] === true)).toHaveLength(1);
    const winner = racers[lines.findIndex((line) => line['held'] === true)] as Fixture;
    expect((await lockOf(dataDir)).pid).toBe(winner.child.pid);
    winner.child.kill('SIGTERM');
    expect(await winner.exited).toBe(0);
    expect(existsSync(layout.lockFile)).toBe(false);
    expect(existsSync(layout.takeoverFile)).toBe(false);
  });

  it('two clients left without a host: one takes over, the other becomes its client, both answer', async () => {
    const dataDir = await folder();
    const host = await openStore({ dataDir });
    await host.users.add({ username: 'ada', role: 'admin', passwordHash: fakeHash('a') });
    const connections = [await connectEmbedded(dataDir), await connectEmbedded(dataDir)];
    const clients = connections.map((connection) => storeOver(connection, host.migration));
    expect(connections.map((connection) => connection.role())).toEqual(['client', 'client']);
    await host.close();
    try {
      const settle = (attempt: () => Promise<unknown>) => attempt().catch(() => attempt());
      const lists = await Promise.all(clients.map((client) => settle(() => client.users.list())));
      expect(lists.map((list) => (list as { username: string }[]).map((user) => user.username))).toEqual([['ada'], ['ada']]);
      expect(connections.map((connection) => connection.role()).sort()).toEqual(['client', 'host']);
    } finally {
      // The host last: its client's pool ends first.
      const order = connections[0]?.role() === 'host' ? [clients[1], clients[0]] : clients;
      for (const client of order) await client?.close();
    }
  });

  it('a host closing under a client’s open transaction rolls it back and still closes', async () => {
    const dataDir = await folder();
    const host = await openStore({ dataDir });
    await host.users.add({ username: 'ada', role: 'admin', passwordHash: fakeHash('a') });
    const client = new pg.Client({ host: dataDir, port: 5432, user: 'postgres', database: 'postgres' });
    client.on('error', () => undefined);
    await client.connect();
    await client.query('begin');
    await client.query(`insert into portal_users (username, role, password_hash) values ('half', 'viewer', '${fakeHash('h')}')`);
    await host.close();
    await expect(client.query('commit')).rejects.toThrow();
    const reopened = await openStore({ dataDir });
    try {
      expect((await reopened.users.list()).map((user) => user.username)).toEqual(['ada']);
    } finally {
      await reopened.close();
    }
  });

  it('a folder opened directly by a tool is refused at once, naming the process', async () => {
    const dataDir = await folder();
    const direct = await connectPglite({ dataDir });
    try {
      const error = await openStore({ dataDir }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect((error as Error).message).toMatch(new RegExp(`open in process ${process.pid} by a tool that serves no one`));
    } finally {
      await direct.close();
    }
    expect(existsSync(embeddedLayout(dataDir).lockFile)).toBe(false);
  });

  it('serves a folder whose socket path would be too long on loopback TCP instead', async () => {
    const base = await folder();
    const dataDir = join(base, 'a-data-folder-nested-deep-enough-that-its-socket-path-passes-the-limit');
    await mkdir(dataDir);
    await rename(join(base, 'pglite'), join(dataDir, 'pglite'));
    expect(Buffer.byteLength(embeddedLayout(dataDir).socketPath)).toBeGreaterThan(MAX_SOCKET_PATH_BYTES);
    const host = await openStore({ dataDir });
    const client = await openStore({ dataDir });
    try {
      const endpoint = (await lockOf(dataDir)).endpoint;
      expect(endpoint).toEqual({ host: '127.0.0.1', port: expect.any(Number) });
      await host.users.add({ username: 'ada', role: 'admin', passwordHash: fakeHash('a') });
      expect((await client.users.list()).map((user) => user.username)).toEqual(['ada']);
      // Taking over, the client listens where it already connects.
      await host.close();
      await client.users.list().catch(() => undefined);
      expect((await client.users.list()).map((user) => user.username)).toEqual(['ada']);
      expect(await lockOf(dataDir)).toMatchObject({ pid: process.pid, endpoint });
    } finally {
      await client.close();
      await host.close();
    }
  });
});
