import { needsAttention } from '@washops/operations';
import type { AuditEvent, AuditTarget } from '@washops/store';
import { table } from './format.js';

/** `2026-11-24 15:03:12 UTC`: to the second, so events of one minute keep their order visible. */
function secondUtc(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** `employee 1042, POS 7217, Back Office user jdoe, portal user ada`: what a write was aimed at. */
export function targetText(target: AuditTarget): string {
  const parts = [
    target.employeeId === undefined ? '' : `employee ${target.employeeId}`,
    target.posUserId === undefined ? '' : `POS ${target.posUserId}`,
    target.backofficeUsername === undefined ? '' : `Back Office user ${target.backofficeUsername}`,
    target.portalUsername === undefined ? '' : `portal user ${target.portalUsername}`,
  ];
  return parts.filter(Boolean).join(', ') || '—';
}

/** The state, flagged when a write has been `started` long enough that it may have stopped half-way. */
function stateText(event: AuditEvent, now: Date): string {
  if (!needsAttention(event, now)) return event.state;
  // The step it was in may or may not have been applied.
  const inProgress = [...(event.steps?.unverified ?? []), ...(event.steps?.remaining ?? []).slice(0, 1)];
  return inProgress.length > 0 ? `started (needs attention: ${inProgress.join(', ')}?)` : 'started (needs attention)';
}

const MAX_OUTCOME = 80;

/** The error code and message, or nothing for a success (its summary is in the CSV and JSON). */
function outcomeText(event: AuditEvent): string {
  const outcome = event.outcome;
  if (!outcome?.code) return '';
  const text = `${outcome.code}: ${outcome.message ?? ''}`.replace(/\s+/g, ' ').trim();
  return text.length > MAX_OUTCOME ? `${text.slice(0, MAX_OUTCOME - 1)}…` : text;
}

/** The events as a table, in the order given (newest first from the store). */
export function auditTable(events: readonly AuditEvent[], now = new Date()): string {
  return table([
    ['STARTED', 'STATE', 'CHANNEL', 'ACTOR', 'OPERATION', 'TARGET', 'REFERENCE', 'OUTCOME'],
    ...events.map((event) => [
      secondUtc(event.startedAt),
      stateText(event, now),
      event.channel,
      event.actor,
      event.operation,
      targetText(event.target),
      event.correlationId,
      outcomeText(event),
    ]),
  ]);
}

/** One event as JSON: ISO times, and whether it needs attention. */
export function auditEventJson(event: AuditEvent, now = new Date()): string {
  return JSON.stringify({ ...event, startedAt: event.startedAt.toISOString(), finishedAt: event.finishedAt?.toISOString() ?? null, needsAttention: needsAttention(event, now) });
}
