import { auditFilterSchema, needsAttention } from '@washops/operations/schemas';
import type { AuditChannel, AuditEvent, AuditOutcome, AuditState, AuditSteps, AuditTarget } from '@washops/store';
import { z } from 'zod';
import { protectedProcedure, router } from '../trpc.js';

/** Rows per page the Activity page asks for at most (the store's own cap). */
export const MAX_AUDIT_PAGE = 500;

export const auditListInput = z.strictObject({
  filter: auditFilterSchema.optional(),
  limit: z.number().int().min(1).max(MAX_AUDIT_PAGE).optional(),
  /** The `nextCursor` of the page before (opaque). */
  cursor: z.string().min(1).max(1000).nullish(),
});
export type AuditListInput = z.input<typeof auditListInput>;

/** An audit event as the Activity page shows it: plain JSON, times as ISO strings. */
export interface AuditEventView {
  id: string;
  correlationId: string;
  actor: string;
  channel: AuditChannel;
  operation: string;
  target: AuditTarget;
  input: Record<string, unknown>;
  startedAt: string;
  finishedAt: string | null;
  state: AuditState;
  outcome: AuditOutcome | null;
  steps: AuditSteps | null;
  /** Still `started` after NEEDS_ATTENTION_AFTER_MS: the write was cut off, and someone must check what it did. */
  needsAttention: boolean;
}

export function auditEventView(event: AuditEvent, now: Date): AuditEventView {
  return {
    id: event.id,
    correlationId: event.correlationId,
    actor: event.actor,
    channel: event.channel,
    operation: event.operation,
    target: event.target,
    input: event.input,
    startedAt: event.startedAt.toISOString(),
    finishedAt: event.finishedAt?.toISOString() ?? null,
    state: event.state,
    outcome: event.outcome,
    steps: event.steps,
    needsAttention: needsAttention(event, now),
  };
}

/** The audit log, newest first, for every signed-in user (viewers included): it is read-only. */
export const auditRouter = router({
  list: protectedProcedure.input(auditListInput).query(async ({ ctx, input }) => {
    const page = await ctx.deps.store.audit.list(input.filter ?? {}, { limit: input.limit, cursor: input.cursor ?? null });
    const now = new Date();
    return { events: page.events.map((event) => auditEventView(event, now)), nextCursor: page.nextCursor };
  }),

  /** The actors and operations seen so far, for the filters' choices. */
  facets: protectedProcedure.query(({ ctx }) => ctx.deps.store.audit.facets()),
});
