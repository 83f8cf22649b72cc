import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { verifyPassword } from '@washops/portal-api/accounts';
import { openStore, type Store } from '@washops/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliIo, main } from '../src/index.js';

const bin = fileURLToPath(new URL('../bin/washops.mjs', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Every output of the file's commands, checked at the end for anything secret. */
const outputs: Run[] = [];
const typedPasswords = ['correct-horse-battery', 'another-long-passphrase', 'short'];
let dataDir: string;

/** `washops users <args>` in its own process; stdin is a pipe (not a terminal). */
function start(args: string[]): { child: ChildProcessWithoutNullStreams; done: Promise<Run> } {
  const env: NodeJS.ProcessEnv = { ...process.env, WASHOPS_DATA_DIR: dataDir };
  delete env['DATABASE_URL'];
  const child = spawn(process.execPath, [bin, 'users', ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<Run>((resolve) =>
    child.once('close', (code) => {
      const run = { code, stdout, stderr };
      outputs.push(run);
      resolve(run);
    }),
  );
  return { child, done };
}

/** `washops users <args>` with `input` piped in. */
function users(args: string[], input = ''): Promise<Run> {
  const { child, done } = start(args);
  child.stdin.end(input);
  return done;
}

/** The users as `list` prints them: one `name role status last-sign-in` string per row. */
async function listed(): Promise<string[]> {
  const run = await users(['list']);
  expect(run.code).toBe(0);
  return run.stdout
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(/\s{2,}/).join(' '));
}

/** Opens the folder in this process for a look at what the command stored, and closes it. */
async function inStore<T>(look: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore({ dataDir });
  try {
    return await look(store);
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'washops-cli-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('washops users, run as a command', () => {
  it('adds a user with a password piped in; list shows it', async () => {
    const added = await users(['add', 'Ada', '--role', 'admin'], 'correct-horse-battery\n');
    expect(added).toMatchObject({ code: 0, stdout: 'Added "ada" (admin).\n' });
    expect(await listed()).toEqual(['ada admin active never']);
  });

  it('--generate prints a password once, and it is the one stored', async () => {
    const added = await users(['add', 'bob', '--role', 'viewer', '--generate']);
    expect(added.code).toBe(0);
    const generated = /Generated password \(shown only this once\): (\S+)\n/.exec(added.stdout)?.[1] as string;
    expect(generated).toMatch(/^[A-Za-z2-9]{5}(-[A-Za-z2-9]{5}){3}$/);
    const stored = await inStore((store) => store.users.findCredentials('bob'));
    expect(await verifyPassword(generated, stored?.passwordHash as string)).toBe(true);
  });

  it('a bad role or username is a usage error (2), a short password a refusal (1), each with its rule, and nothing changes', async () => {
    const badRole = await users(['add', 'carl', '--role', 'superuser'], 'correct-horse-battery\n');
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toContain('The role is admin or viewer.');
    const badName = await users(['add', 'carl smith', '--role', 'viewer'], 'correct-horse-battery\n');
    expect(badName.code).toBe(2);
    expect(badName.stderr).toContain('Use letters, digits, dot, dash or underscore');
    const short = await users(['add', 'carl', '--role', 'viewer'], 'short\n');
    expect(short).toMatchObject({ code: 1, stderr: 'A password needs at least 12 characters.\n' });
    expect(await listed()).toEqual(['ada admin active never', 'bob viewer active never']);
  });

  it('refuses to disable or demote the last active admin', async () => {
    const disable = await users(['disable', 'ada']);
    expect(disable).toMatchObject({ code: 1, stderr: '"ada" is the last active admin and cannot be disabled; make another user an admin first.\n' });
    const demote = await users(['set-role', 'ada', 'viewer']);
    expect(demote.code).toBe(1);
    expect(demote.stderr).toMatch(/^"ada" is the last active admin and cannot be demoted/);
    expect(await listed()).toContain('ada admin active never');
  });

  it('changes roles, disables, enables and resets passwords while another process hosts the data folder', async () => {
    // Like a running portal: this process hosts the folder, so each command is its client.
    const host = await openStore({ dataDir });
    try {
      expect(await users(['set-role', 'bob', 'admin'])).toMatchObject({ code: 0, stdout: '"bob" is now an admin.\n' });
      const { token } = await host.sessions.create({ userId: (await host.users.find('ada'))?.id as number, ttlMs: 60_000 });
      expect(await users(['disable', 'ada'])).toMatchObject({ code: 0, stdout: 'Disabled "ada"; 1 session signed out.\n' });
      expect(await host.sessions.findValid(token)).toBeNull();
      expect(await listed()).toEqual(['ada admin disabled never', 'bob admin active never']);
      expect(await users(['enable', 'ada'])).toMatchObject({ code: 0, stdout: 'Enabled "ada".\n' });

      expect(await users(['reset-password', 'ada'], 'another-long-passphrase\n')).toMatchObject({ code: 0, stdout: 'New password set for "ada".\n' });
      const stored = await host.users.findCredentials('ada');
      expect(await verifyPassword('another-long-passphrase', stored?.passwordHash as string)).toBe(true);

      expect(await users(['reset-password', 'nobody'], 'another-long-passphrase\n')).toMatchObject({ code: 1, stderr: 'No portal user named "nobody".\n' });
      expect(await users(['add', 'ada', '--role', 'viewer'], 'another-long-passphrase\n')).toMatchObject({
        code: 1,
        stderr: 'A portal user named "ada" already exists.\n',
      });
    } finally {
      await host.close();
    }
  });

  it('stopped with SIGTERM while it waits for the password, it closes the data folder it hosts and changes nothing', async () => {
    const { child, done } = start(['add', 'carl', '--role', 'viewer']);
    const lockFile = join(dataDir, 'store.lock');
    // Hosting: the lock names the command's process and where it listens.
    await expect.poll(() => existsSync(lockFile) && (JSON.parse(readFileSync(lockFile, 'utf8')) as { endpoint?: unknown }).endpoint !== undefined, { timeout: 60_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    child.kill('SIGTERM');
    expect(await done).toMatchObject({ code: 130, stderr: 'Interrupted; nothing changed.\n' });
    expect(existsSync(lockFile)).toBe(false);
    expect(await inStore((store) => store.users.find('carl'))).toBeNull();
  });

  it('records each change as one audit event on the cli channel, as the OS user, with no password in it', async () => {
    const everyEvent = () => inStore(async (store) => (await store.audit.list({}, { limit: 500 })).events);
    const steps: Array<{ args: string[]; input?: string; code: number; operation: string; state: string; user: string }> = [
      { args: ['add', 'dora', '--role', 'viewer'], input: 'correct-horse-battery\n', code: 0, operation: 'portal_user.add', state: 'succeeded', user: 'dora' },
      { args: ['set-role', 'dora', 'admin'], code: 0, operation: 'portal_user.set_role', state: 'succeeded', user: 'dora' },
      { args: ['reset-password', 'dora'], input: 'another-long-passphrase\n', code: 0, operation: 'portal_user.reset_password', state: 'succeeded', user: 'dora' },
      { args: ['disable', 'dora'], code: 0, operation: 'portal_user.disable', state: 'succeeded', user: 'dora' },
      { args: ['enable', 'dora'], code: 0, operation: 'portal_user.enable', state: 'succeeded', user: 'dora' },
      { args: ['set-role', 'nobody', 'viewer'], code: 1, operation: 'portal_user.set_role', state: 'failed', user: 'nobody' },
    ];
    for (const step of steps) expect((await users(step.args, step.input ?? '')).code, step.args.join(' ')).toBe(step.code);
    // Oldest first, the events about these two users: exactly one per command, in order.
    const all = await everyEvent();
    const events = all.filter((event) => ['dora', 'nobody'].includes(event.target.portalUsername ?? '')).reverse();
    expect(events).toEqual(
      steps.map((step) =>
        expect.objectContaining({ channel: 'cli', actor: userInfo().username, operation: step.operation, state: step.state, target: { portalUsername: step.user } }),
      ),
    );
    expect(events.find((event) => event.operation === 'portal_user.add')?.input).toEqual({ role: 'viewer', password: 'set' });
    const recorded = JSON.stringify(all);
    for (const password of typedPasswords) expect(recorded).not.toContain(password);
    expect(recorded).not.toContain('scrypt$');
  });

  it('prints no password or hash, except a generated password, once', () => {
    const everything = outputs.map((run) => run.stdout + run.stderr).join('\n');
    for (const password of typedPasswords) expect(everything).not.toContain(password);
    expect(everything).not.toContain('scrypt$');
    expect(everything.match(/Generated password/g)).toHaveLength(1);
  });
});

/** `main` in this process, for what needs no database. */
async function inProcess(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdin: process.stdin,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
    cwd: process.cwd(),
  };
  return { code: await main(argv, io), stdout, stderr };
}

describe('washops users, help and start-up failures', () => {
  it.each(['add', 'list', 'set-role', 'reset-password', 'disable', 'enable'])('users %s --help', async (command) => {
    const run = await inProcess(['users', command, '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Usage: washops users ${command} `));
  });

  it('a missing --role or an unknown command is a usage error', async () => {
    expect(await inProcess(['users', 'add', 'carl'])).toMatchObject({ code: 2, stderr: expect.stringContaining("required option '--role <role>' not specified") });
    expect(await inProcess(['users', 'remove', 'carl'])).toMatchObject({ code: 2, stderr: expect.stringContaining("unknown command 'remove'") });
  });

  it('an unreachable DATABASE_URL is one line naming it, without its password', async () => {
    const run = await inProcess(['users', 'list'], { DATABASE_URL: 'postgres://washops:s3cret-Pa55@127.0.0.1:1/washops' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/DATABASE_URL \(postgres:\/\/washops@127\.0\.0\.1:1\/washops\).*ECONNREFUSED/);
    expect(run.stderr).not.toContain('s3cret-Pa55');
  });
});
