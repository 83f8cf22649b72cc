import { AUDIT_CHANNELS, AUDIT_OPERATIONS, AUDIT_STATES, auditFilterSchema, needsAttention } from '@washops/operations/schemas';
import { z } from 'zod';
import { issuesOf } from '../schemas/derive.js';
import { auditOf } from '../services.js';
import { defineTool } from '../tool.js';

const MAX_LIMIT = 100;

/**
 * The filter as the model sends it (one JSON type per field); the shared `auditFilterSchema` — the portal's and
 * the command line's rules — checks it before the tool runs and turns it into the store's filter.
 */
const filterFields = {
  actor: z.string().optional().describe('who: a portal username, an MCP token name or "stdio", an OS user of the command line'),
  channel: z.enum(AUDIT_CHANNELS).optional().describe('where the write came from'),
  operation: z.enum(AUDIT_OPERATIONS).optional(),
  state: z.enum(AUDIT_STATES).optional().describe('how it ended; "started" = not finished'),
  since: z.string().optional().describe('from this UTC day "YYYY-MM-DD" or ISO instant, inclusive'),
  until: z.string().optional().describe('up to this UTC day "YYYY-MM-DD" (the whole day included), or before this ISO instant'),
  employeeId: z.number().int().optional().describe('only writes aimed at this Back Office employee id'),
  posUserId: z.number().int().optional().describe('only writes aimed at this POS user id'),
};
const FILTER_KEYS = Object.keys(filterFields);

function filterPart(input: unknown): Record<string, unknown> {
  const fields = Object.entries(input as Record<string, unknown>).filter(([key]) => FILTER_KEYS.includes(key));
  return Object.fromEntries(fields);
}

const auditEventSchema = z.object({
  id: z.string(),
  correlationId: z.string().describe('the reference shown with the write\'s error and in the server\'s log lines'),
  startedAt: z.string().describe('ISO instant, UTC'),
  finishedAt: z.string().nullable().describe('ISO instant, UTC; null while started'),
  actor: z.string().describe('portal username, MCP token name or "stdio", or the OS user of the command line'),
  channel: z.enum(AUDIT_CHANNELS),
  operation: z.string(),
  state: z.enum(AUDIT_STATES),
  needsAttention: z.boolean().describe('started more than 5 minutes ago and not finished: the write may be half done'),
  target: z.object({
    employeeId: z.number().int().optional(),
    posUserId: z.number().int().optional(),
    backofficeUsername: z.string().optional(),
    backofficeUserId: z.number().int().optional(),
    portalUsername: z.string().optional(),
  }),
  input: z.record(z.string(), z.unknown()).describe('what was asked, passwords and PINs replaced by "set" or "generated"'),
  outcome: z
    .object({ code: z.string().optional(), message: z.string().optional(), summary: z.record(z.string(), z.unknown()).optional() })
    .nullable()
    .describe('the error code and message, or the result summary'),
  steps: z
    .object({ done: z.array(z.string()), unverified: z.array(z.string()), remaining: z.array(z.string()) })
    .nullable()
    .describe('for a multi-step write: steps done, steps that may or may not have been applied, steps not done'),
});

type AuditEventOut = z.output<typeof auditEventSchema>;

function targetText(target: AuditEventOut['target']): string {
  const parts = [
    target.employeeId === undefined ? '' : `employee ${target.employeeId}`,
    target.posUserId === undefined ? '' : `POS ${target.posUserId}`,
    target.backofficeUsername === undefined && target.backofficeUserId === undefined
      ? ''
      : `Back Office user ${[target.backofficeUsername, target.backofficeUserId === undefined ? undefined : `(${target.backofficeUserId})`].filter(Boolean).join(' ')}`,
    target.portalUsername === undefined ? '' : `portal user ${target.portalUsername}`,
  ];
  return parts.filter(Boolean).join(', ');
}

function eventLine(event: AuditEventOut): string {
  const state = event.needsAttention ? 'STARTED, NEEDS ATTENTION' : event.state;
  const target = targetText(event.target);
  const outcome = event.outcome?.code ? ` — ${event.outcome.code}: ${event.outcome.message ?? ''}` : '';
  const steps = event.steps && event.state !== 'succeeded' ? ` (done: ${event.steps.done.join(', ') || 'none'}; unverified: ${event.steps.unverified.join(', ') || 'none'}; remaining: ${event.steps.remaining.join(', ') || 'none'})` : '';
  return `- ${event.startedAt} ${state} ${event.operation}${target ? ` on ${target}` : ''} by ${event.actor} (${event.channel})${outcome}${steps} [ref ${event.correlationId}]`;
}

export const listAuditEvents = defineTool({
  name: 'list_audit_events',
  area: 'audit',
  title: 'List audit events',
  description:
    'Lists the audit log, newest first: every write made in the Back Office and to the portal\'s users — who (actor), from where ' +
    '(channel: portal, mcp, cli), what (operation, e.g. employee.create), on whom (target) and how it ended (state). States: ' +
    '"succeeded" — done; "failed" — refused or failed with nothing changed; "partial" — some steps were done (steps.done), some may ' +
    'or may not have been (steps.unverified), the rest were not (steps.remaining): someone must check the target in the Back Office ' +
    'and finish or undo it, not simply retry; "started" — still running, or the process stopped mid-write: with needsAttention true ' +
    '(started over 5 minutes ago) the write may be half done, so check the target before retrying. Filters combine. since and ' +
    'until take a UTC day "YYYY-MM-DD" or an ISO instant with its offset ("2026-11-01T08:00:00Z"): since is inclusive, an until ' +
    'instant exclusive, and an until day includes that whole day. Returns at most `limit` events (default 20); ' +
    'when nextCursor is not null, call again with the same filters and cursor set to it for older events.',
  inputSchema: z
    .strictObject({
      ...filterFields,
      limit: z.number().int().min(1).max(MAX_LIMIT).default(20).describe(`Events per page (default 20, at most ${MAX_LIMIT})`),
      cursor: z.string().min(1).max(500).optional().describe('nextCursor of the previous page, with the same filters'),
    })
    .check(issuesOf(auditFilterSchema, filterPart)),
  outputSchema: z.object({
    events: z.array(auditEventSchema),
    nextCursor: z.string().nullable().describe('pass as cursor for the next (older) page; null on the last page'),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(input, services) {
    const page = await auditOf(services).list(auditFilterSchema.parse(filterPart(input)), { limit: input.limit, cursor: input.cursor ?? null });
    const now = new Date();
    return {
      events: page.events.map((event) => ({
        ...event,
        startedAt: event.startedAt.toISOString(),
        finishedAt: event.finishedAt?.toISOString() ?? null,
        needsAttention: needsAttention(event, now),
      })),
      nextCursor: page.nextCursor,
    };
  },
  render: ({ events, nextCursor }) =>
    [
      events.length === 0 ? 'No audit events match.' : `${events.length} audit event(s), newest first:`,
      ...events.map(eventLine),
      nextCursor ? `More: call again with cursor "${nextCursor}".` : '',
    ]
      .filter(Boolean)
      .join('\n'),
});
