/**
 * A process killed mid-write (SIGKILL, between the insert and the permissions step) leaves exactly one
 * `started` event naming the employee it created, which needs attention once the threshold passes.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openStore } from '@washops/store';
import { afterEach, expect, it } from 'vitest';
import { NEEDS_ATTENTION_AFTER_MS, needsAttention } from '../src/index.js';
import { newEmployee, useSimulator } from './support.js';

const sim = useSimulator('operations-kill');
const fixture = fileURLToPath(new URL('./fixtures/write-in-child.ts', import.meta.url));
const folders: string[] = [];

afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

it('SIGKILL during a slow permissions step leaves one started event naming the new employee', { timeout: 120_000 }, async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'washops-kill-'));
  folders.push(dataDir);
  // Long enough that the child is killed while the permissions POST is still being answered.
  sim().control.inject({ route: 'POST /employee/permissions/update', kind: 'slow', delayMs: 60_000, count: 1 });
  const input = newEmployee();
  const child = spawn(process.execPath, ['--conditions=@washops/source', '--import', 'tsx', fixture, dataDir, sim().url, JSON.stringify(input)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  try {
    const reported = await new Promise<{ eventId: string; employeeId: number }>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        const message = JSON.parse(line) as { eventId?: string; employeeId?: number; finished?: boolean; failed?: string };
        if (message.eventId) resolve(message as { eventId: string; employeeId: number });
        else reject(new Error(`the child's write ended before it was killed: ${line}`));
      });
      child.once('exit', () => reject(new Error('the child exited before its event named the employee')));
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const created = sim().control.employees().find((e) => e.posUserId === input.posUserId);
    expect(created?.id).toBe(reported.employeeId);
    expect(created?.grants).toEqual([]);

    const store = await openStore({ dataDir });
    try {
      const { events } = await store.audit.list({});
      expect(events).toHaveLength(1);
      const [event] = events;
      expect(event).toMatchObject({
        id: reported.eventId,
        state: 'started',
        actor: 'kill-test',
        channel: 'cli',
        operation: 'employee.create',
        finishedAt: null,
        target: { posUserId: input.posUserId, employeeId: reported.employeeId },
      });
      expect(event?.steps?.done).toContain('insertEmployee');
      const startedAt = (event?.startedAt as Date).getTime();
      expect(needsAttention(event!, new Date(startedAt + 1_000))).toBe(false);
      expect(needsAttention(event!, new Date(startedAt + NEEDS_ATTENTION_AFTER_MS))).toBe(true);
    } finally {
      await store.close();
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});
