// Browser-safe rules of the audit log, shared by the portal, the MCP server and the command line: zod only.
import { AUDIT_CHANNELS, AUDIT_STATES } from '@washops/store/constants';
import type { AuditFilter } from '@washops/store';
import { z } from 'zod';

export const AUDIT_OPERATIONS = [
  'employee.create',
  'employee.disable',
  'employee.update',
  'employee.reactivate',
  'employee.set_wage',
  'employee.set_permission',
  'backoffice_user.create',
  'backoffice_user.apply_template',
  'portal_user.add',
  'portal_user.set_role',
  'portal_user.reset_password',
  'portal_user.disable',
  'portal_user.enable',
  'portal_user.change_password',
  /** Not a vendor write: someone saw a customer's unmasked contact details (who and which customer, never the values). */
  'customer.reveal_contact',
] as const;
export type AuditOperation = (typeof AUDIT_OPERATIONS)[number];

/** How long a 'started' event may run before it "needs attention" (5 minutes). */
export const NEEDS_ATTENTION_AFTER_MS = 300_000;

/** A write still `started` this long after it began lost its process (or hangs): someone should look. */
export function needsAttention(event: { state: string; startedAt: Date }, now: Date = new Date()): boolean {
  return event.state === 'started' && now.getTime() - event.startedAt.getTime() >= NEEDS_ATTENTION_AFTER_MS;
}

export const actorSchema = z.strictObject({
  channel: z.enum(AUDIT_CHANNELS, { error: `channel must be one of ${AUDIT_CHANNELS.join(', ')}` }),
  name: z.string({ error: 'the actor needs a name' }).trim().min(1, 'the actor needs a name').max(200, 'the actor name must be at most 200 characters'),
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A form or a query string sends '' for "any": the same as leaving the filter out. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/** `YYYY-MM-DD` (a UTC day) or an ISO instant with its offset; `end` moves a day to the start of the next one. */
function instant(field: 'since' | 'until') {
  return z
    .union([z.date(), z.string().trim()], { error: `${field} must be a date (YYYY-MM-DD) or an ISO instant` })
    .transform((value, ctx) => {
      if (value instanceof Date) {
        if (!Number.isNaN(value.getTime())) return value;
      } else if (DAY.test(value)) {
        const start = new Date(`${value}T00:00:00.000Z`);
        if (!Number.isNaN(start.getTime()) && start.toISOString().startsWith(value)) {
          return field === 'until' ? new Date(start.getTime() + DAY_MS) : start;
        }
      } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value)) {
        const parsed = new Date(value);
        if (!Number.isNaN(parsed.getTime())) return parsed;
      }
      ctx.addIssue({ code: 'custom', message: `${field} must be a date (YYYY-MM-DD) or an ISO instant with its offset, such as 2026-11-01T08:00:00Z` });
      return z.NEVER;
    });
}

const positiveId = (field: string) =>
  z.coerce.number({ error: `${field} must be a number` }).int(`${field} must be a whole number`).positive(`${field} must be positive`).max(2_147_483_647, `${field} is too large`);

/**
 * Shared filter validation for the portal, MCP and CLI: dates as YYYY-MM-DD (UTC day bounds: `until`
 * includes its whole day) or ISO instants; `since` inclusive, `until` exclusive.
 */
export const auditFilterSchema = z
  .strictObject({
    actor: optional(z.string().trim().min(1).max(200, 'actor must be at most 200 characters')),
    channel: optional(z.enum(AUDIT_CHANNELS, { error: `channel must be one of ${AUDIT_CHANNELS.join(', ')}` })),
    operation: optional(z.enum(AUDIT_OPERATIONS, { error: `operation must be one of ${AUDIT_OPERATIONS.join(', ')}` })),
    state: optional(z.enum(AUDIT_STATES, { error: `state must be one of ${AUDIT_STATES.join(', ')}` })),
    since: optional(instant('since')),
    until: optional(instant('until')),
    employeeId: optional(positiveId('employeeId')),
    posUserId: optional(positiveId('posUserId')),
  })
  .refine((filter) => !(filter.since && filter.until) || filter.since < filter.until, { path: ['until'], message: 'until must be after since' })
  .transform((filter) => Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as AuditFilter);
