import type { AuditEvent } from '@washops/store';
import { ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { AUDIT_CSV_COLUMNS, auditCsv, Operations, pruneAuditLog } from '../src/index.js';
import { describeEachBackend, newest } from './support.js';

/** RFC 4180 (quoted fields, doubled quotes, CRLF rows): enough to read back what auditCsv wrote. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  return rows;
}

async function* eventsOf(events: AuditEvent[]): AsyncIterable<AuditEvent> {
  yield* events;
}

async function csvOf(events: AuditEvent[], now?: Date): Promise<string> {
  let text = '';
  for await (const chunk of auditCsv(eventsOf(events), now)) text += chunk;
  return text;
}

const partial: AuditEvent = {
  id: '6f1c2a4e-0000-4000-8000-000000000001',
  correlationId: 'c0ffee00-0000-4000-8000-000000000002',
  actor: '=HYPERLINK("http://evil")',
  channel: 'portal',
  operation: 'employee.create',
  target: { employeeId: 17, posUserId: 4242, backofficeUsername: 'grace' },
  input: { firstName: '@SUM(A1)', posPin: 'generated' },
  startedAt: new Date('2026-11-20T10:00:00.123Z'),
  finishedAt: new Date('2026-11-20T10:00:02Z'),
  state: 'partial',
  outcome: { code: 'BACKOFFICE_SERVER_ERROR', message: 'Employee 17 was created, but step "applyPermissions" failed, badly.' },
  steps: { done: ['insertEmployee', 'verifySites'], unverified: [], remaining: ['applyPermissions'] },
};

describe('auditCsv', () => {
  it('writes the header, then one row per event with ISO UTC times, steps, JSON and formulas defused', async () => {
    const running: AuditEvent = { ...partial, id: 'b', actor: 'ops', state: 'started', finishedAt: null, outcome: null, steps: null, target: { portalUsername: 'zed' } };
    const text = await csvOf([partial, running], new Date('2026-11-20T11:00:00Z'));
    expect(text.split('\r\n')[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    const [header, first, second] = parse(text) as string[][];
    const row = (values: string[] | undefined) => Object.fromEntries((header ?? []).map((column, i) => [column, values?.[i]]));
    expect(row(first)).toMatchObject({
      id: partial.id,
      started_at: '2026-11-20T10:00:00.123Z',
      finished_at: '2026-11-20T10:00:02.000Z',
      state: 'partial',
      needs_attention: 'false',
      actor: `'=HYPERLINK("http://evil")`,
      employee_id: '17',
      pos_user_id: '4242',
      backoffice_username: 'grace',
      portal_username: '',
      outcome_code: 'BACKOFFICE_SERVER_ERROR',
      outcome_message: partial.outcome?.message,
      summary: '',
      steps_done: 'insertEmployee verifySites',
      steps_unverified: '',
      steps_remaining: 'applyPermissions',
      correlation_id: partial.correlationId,
    });
    expect(JSON.parse(row(first)['input'] as string)).toEqual(partial.input);
    expect(row(second)).toMatchObject({ state: 'started', needs_attention: 'true', finished_at: '', portal_username: 'zed', outcome_code: '' });
  });

  it('is only the header for no events', async () => {
    expect(await csvOf([])).toBe(`${AUDIT_CSV_COLUMNS.join(',')}\r\n`);
  });
});

describeEachBackend('pruneAuditLog', (store) => {
  it('keeps every event when no retention is configured, and deletes only finished events older than the retention', async () => {
    const ops = new Operations({ store: store() }).as({ channel: 'cli', name: 'root' });
    await ops.addPortalUser({ username: `p${Date.now()}`, role: 'viewer', passwordHash: 'scrypt$16384$8$1$YQ$YQ', passwordGenerated: true });
    const running = await store().audit.start({ correlationId: 'r', actor: 'root', channel: 'cli', operation: 'employee.create', target: {}, input: {} });
    expect(await pruneAuditLog(store(), undefined)).toBe(0);
    expect(await pruneAuditLog(store(), 30)).toBe(0);
    const inAYear = new Date(Date.now() + 366 * 86_400_000);
    expect(await pruneAuditLog(store(), 30, inAYear)).toBeGreaterThanOrEqual(1);
    expect((await newest(store(), 500)).map((event) => event.id)).toEqual([running.id]);
    await expect(pruneAuditLog(store(), 0)).rejects.toBeInstanceOf(ValidationError);
    await expect(pruneAuditLog(store(), 1.5)).rejects.toBeInstanceOf(ValidationError);
  });
});
