// How the Activity page names operations, states and targets. Browser-safe.
import type { AuditEventView } from '@washops/portal-api';

const OPERATION_LABELS: Record<string, string> = {
  'employee.create': 'Create employee',
  'employee.disable': 'Disable employee',
  'backoffice_user.create': 'Create Back Office user',
  'portal_user.add': 'Add portal user',
  'portal_user.set_role': 'Change portal user role',
  'portal_user.reset_password': 'Reset portal user password',
  'portal_user.disable': 'Disable portal user',
  'portal_user.enable': 'Enable portal user',
  'portal_user.change_password': 'Change own password',
  'customer.reveal_contact': 'Reveal customer contact details',
};

export function operationLabel(operation: string): string {
  return OPERATION_LABELS[operation] ?? operation;
}

const STATE_LABELS: Record<string, string> = { started: 'In progress', succeeded: 'Succeeded', failed: 'Failed', partial: 'Partly done' };

export function stateLabel(state: string): string {
  return STATE_LABELS[state] ?? state;
}

/** The status a row shows, in words (and a badge class for color on top of them). */
export function statusOf(event: Pick<AuditEventView, 'state' | 'needsAttention'>): { label: string; badge: string } {
  if (event.needsAttention) return { label: 'Needs attention', badge: 'badge-failed' };
  const badge = { started: 'badge-running', succeeded: 'badge-done', failed: 'badge-failed', partial: 'badge-warn' }[event.state] ?? 'badge-cancelled';
  return { label: stateLabel(event.state), badge };
}

/** The target in words: "employee 4711 (POS user 8101)", "Back Office user jdoe", "portal user ann", "customer 4100:1001". */
export function targetParts(target: AuditEventView['target']): string[] {
  const parts: string[] = [];
  if (target.employeeId !== undefined) parts.push(`employee ${target.employeeId}`);
  if (target.posUserId !== undefined) parts.push(`POS user ${target.posUserId}`);
  if (target.backofficeUsername) parts.push(`Back Office user ${target.backofficeUsername}`);
  if (target.portalUsername) parts.push(`portal user ${target.portalUsername}`);
  if (target.customerId) parts.push(`customer ${target.customerId}`);
  return parts;
}

/** "2026-11-24 15:04:05 UTC": the log's times are UTC, whatever the browser's zone. */
export function utcTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}
