import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toPublicError, type PublicError } from '@washops/shared-errors';
import { errorForLog, type McpLogger } from './log.js';

/** Failures that are the server's or the upstream systems' to fix, not the caller's: logged as errors. */
const SERVER_SIDE_CODES = new Set(['INTERNAL_ERROR', 'AUTHENTICATION_ERROR', 'BACKOFFICE_SERVER_ERROR', 'API_ERROR', 'API_TIMEOUT_ERROR']);

/**
 * The result a tool returns when it fails: `isError` with `CODE: public message`, a retry hint where
 * one helps, and the reference of the log line, so the model can correct its call and a person can
 * find the cause. No `structuredContent`: clients validate it against the tool's output schema even
 * on errors. Secrets are masked by `toPublicError`.
 */
export function toolErrorResult(error: unknown, reference?: string): CallToolResult {
  const pub = toPublicError(error);
  const hint = retryHint(pub.code, pub.details);
  const text = `${pub.code}: ${pub.message}${hint ? ` ${hint}` : ''}${reference ? ` (Reference: ${reference})` : ''}`;
  return { isError: true, content: [{ type: 'text', text }] };
}

/**
 * Logs a failed tool call with the original error (stack and causes, redacted by the logger) under a
 * reference, and returns the result that shows that reference. An audited write's error carries its
 * correlation id, which is then the reference: the audit event, every log line of the write and the
 * result name the same id.
 */
export function failedToolResult(logger: McpLogger, tool: string, error: unknown): CallToolResult {
  const pub = toPublicError(error);
  const correlationId = pub.details['correlationId'];
  const reference = typeof correlationId === 'string' && correlationId ? correlationId : randomUUID();
  const entry = { tool, reference, ...(reference === correlationId ? { correlationId } : {}), code: pub.code, error: errorForLog(error) };
  if (SERVER_SIDE_CODES.has(pub.code) || stoppedBetweenSteps(pub)) logger.error(entry, 'tool failed');
  else logger.warn(entry, 'tool refused');
  return toolErrorResult(error, reference);
}

/** A write that stopped between steps: some were done, so the operator must look. */
function stoppedBetweenSteps(pub: PublicError): boolean {
  return Array.isArray(pub.details['completedSteps']) && pub.details['completedSteps'].length > 0;
}

/** Whether `error` is a write that stopped part-way (some steps done): the caller should be told beyond the result. */
export const isPartialFailure = (error: unknown): boolean => stoppedBetweenSteps(toPublicError(error));

function retryHint(code: string, details: Record<string, unknown>): string {
  if (code === 'RATE_LIMIT_ERROR') {
    const ms = typeof details['retryAfterMs'] === 'number' ? details['retryAfterMs'] : 15_000;
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    return `Wait, then retry in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
  }
  if (code === 'API_TIMEOUT_ERROR') return 'Retry later, or narrow the date range.';
  if (code === 'AMBIGUOUS_MATCH') {
    const ids = Array.isArray(details['posUserIds']) ? details['posUserIds'].filter((id) => typeof id === 'number') : [];
    if (ids.length > 0) return `Matching POS user ids: ${ids.join(', ')}. Ask which one is meant, then call again with that posUserId.`;
  }
  if (code === 'BULK_CHECK_FAILED') {
    const rows = Array.isArray(details['errorRows']) ? details['errorRows'].filter((row) => typeof row === 'number') : [];
    return `${rows.length ? `Rows to fix: ${rows.join(', ')}. ` : ''}Nothing was written: call again with dryRun: true to see each row's problem.`;
  }
  if (code === 'RANGE_NOT_SYNCED') {
    if (typeof details['resource'] === 'string') return resourceNotSyncedHint();
    return Array.isArray(details['resources']) ? numbersNotSyncedHint() : rangeNotSyncedHint();
  }
  if (code === 'RUN_IN_PROGRESS') {
    return "Another process is writing these rows now: wait for it to end (the portal's Bulk changes page shows it), then send the same rows again to resume what is left.";
  }
  return '';
}

/** What a model can do about a report's missing site-days (the error's message names them): look, ask, or take a partial answer. */
function rangeNotSyncedHint(): string {
  return (
    'Call sync_status with the same from, to and sites to see what is queued, failed or never asked for, and ask an admin to backfill the range ' +
    "(the portal's Data sync page, or `washops sync backfill`). A report tool also answers over the synced site-days alone with allowPartial: true, marked partial."
  );
}

/** The operator's numbers over a range some resource they read (memberships, clock entries, …) is not synced for: the message names them and the backfill. */
function numbersNotSyncedHint(): string {
  return (
    'Ask an admin to backfill those resources over the range as the message says (sync_status shows the transactions); ' +
    'or call again with allowPartial: true for figures over what is synced, marked partial.'
  );
}

/** A resource read (customers, memberships, …) the warehouse cannot answer and no Data API can answer live. */
function resourceNotSyncedHint(): string {
  return "Ask an admin to sync that resource (the portal's Data sync page, or `washops sync`), or to configure the Data API (DATA_API_ID, DATA_API_KEY) so such reads are answered live; then call again.";
}
