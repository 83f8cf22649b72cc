import { csvSafeText } from '@washops/client-core';
import type { AuditEvent } from '@washops/store';
import { stringify } from 'csv-stringify/sync';
import { needsAttention } from './audit-rules.js';

export const AUDIT_CSV_COLUMNS = [
  'id',
  'started_at',
  'finished_at',
  'state',
  'needs_attention',
  'actor',
  'channel',
  'operation',
  'employee_id',
  'pos_user_id',
  'backoffice_username',
  'portal_username',
  'outcome_code',
  'outcome_message',
  'summary',
  'steps_done',
  'steps_unverified',
  'steps_remaining',
  'input',
  'correlation_id',
] as const;

const json = (value: unknown): string => (value === undefined || value === null ? '' : csvSafeText(JSON.stringify(value)));
const list = (steps: string[] | undefined): string => csvSafeText((steps ?? []).join(' '));
const id = (value: number | undefined): string => (value === undefined ? '' : String(value));

function rowOf(event: AuditEvent, now: Date): string[] {
  return [
    event.id,
    event.startedAt.toISOString(),
    event.finishedAt?.toISOString() ?? '',
    event.state,
    String(needsAttention(event, now)),
    csvSafeText(event.actor),
    event.channel,
    csvSafeText(event.operation),
    id(event.target.employeeId),
    id(event.target.posUserId),
    csvSafeText(event.target.backofficeUsername),
    csvSafeText(event.target.portalUsername),
    csvSafeText(event.outcome?.code),
    csvSafeText(event.outcome?.message),
    json(event.outcome?.summary),
    list(event.steps?.done),
    list(event.steps?.unverified),
    list(event.steps?.remaining),
    json(event.input),
    csvSafeText(event.correlationId),
  ];
}

/**
 * CSV of the events (header first, CRLF rows, RFC 4180 quoting), for the portal download and
 * `npm run audit -- --format csv`: one chunk per event, so a long log streams. Times are ISO UTC.
 */
export async function* auditCsv(events: AsyncIterable<AuditEvent>, now: Date = new Date()): AsyncIterable<string> {
  yield stringify([[...AUDIT_CSV_COLUMNS]], { record_delimiter: 'windows' });
  for await (const event of events) yield stringify([rowOf(event, now)], { record_delimiter: 'windows' });
}
