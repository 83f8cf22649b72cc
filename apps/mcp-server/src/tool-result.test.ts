import { AmbiguousMatchError, BulkCheckFailedError, DuplicateError, RateLimitError, RunInProgressError, registerSecret } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { failedToolResult, toolErrorResult } from './tool-result.js';

function recordingLogger() {
  const lines: Array<{ level: string; entry: Record<string, unknown> }> = [];
  const at = (level: string) => (entry: object) => void lines.push({ level, entry: entry as Record<string, unknown> });
  return { lines, logger: { info: at('info'), warn: at('warn'), error: at('error') } };
}

describe('toolErrorResult', () => {
  it('returns an isError result with the code and the public message, and no structured content', () => {
    const result = toolErrorResult(new DuplicateError('POS user id 7217 is already in use', { details: { field: 'posUserId' } }));
    expect(result).toEqual({ isError: true, content: [{ type: 'text', text: 'DUPLICATE_ERROR: POS user id 7217 is already in use' }] });
  });

  it('tells in how many seconds to retry after a rate limit, from retryAfterMs', () => {
    const result = toolErrorResult(new RateLimitError('The Data API kept answering 429.', { retryAfterMs: 4200 }));
    expect(result.content).toEqual([{ type: 'text', text: 'RATE_LIMIT_ERROR: The Data API kept answering 429. Wait, then retry in 5 seconds.' }]);
    const long = toolErrorResult(new RateLimitError('Rate limited.', { retryAfterMs: 120_000 }), 'ref-1');
    expect(long.content).toEqual([{ type: 'text', text: 'RATE_LIMIT_ERROR: Rate limited. Wait, then retry in 120 seconds. (Reference: ref-1)' }]);
    expect(JSON.stringify(toolErrorResult(new RateLimitError('Rate limited.', { retryAfterMs: 300 })))).toContain('retry in 1 second.');
  });

  it('lists the POS user ids of an ambiguous match and says to call again with one of them', () => {
    const result = toolErrorResult(new AmbiguousMatchError('2 employees match "Morgan Lee".', { details: { posUserIds: [7217, 7345] } }));
    expect(result.content).toEqual([
      { type: 'text', text: 'AMBIGUOUS_MATCH: 2 employees match "Morgan Lee". Matching POS user ids: 7217, 7345. Ask which one is meant, then call again with that posUserId.' },
    ]);
    expect(toolErrorResult(new AmbiguousMatchError('Several match.')).content).toEqual([{ type: 'text', text: 'AMBIGUOUS_MATCH: Several match.' }]);
  });

  it('lists the rows a refused bulk run must fix and says nothing was written', () => {
    const result = toolErrorResult(new BulkCheckFailedError('2 rows have errors.', { details: { errorRows: [3, 7] } }));
    expect(result.content).toEqual([
      { type: 'text', text: "BULK_CHECK_FAILED: 2 rows have errors. Rows to fix: 3, 7. Nothing was written: call again with dryRun: true to see each row's problem." },
    ]);
  });

  it('says to wait and send the same rows again when another process holds the bulk run', () => {
    const text = JSON.stringify(toolErrorResult(new RunInProgressError('Run r1 is being worked on.', { details: { heldBy: 'host:42' } })).content);
    expect(text).toContain('RUN_IN_PROGRESS: Run r1 is being worked on. Another process is writing these rows now');
    expect(text).toContain('send the same rows again to resume');
  });

  it('never carries a secret or an internal message', () => {
    registerSecret('demo-key-canary-77');
    const result = toolErrorResult(new Error('fetch failed: X-Sonnys-API-Key demo-key-canary-77'));
    expect(JSON.stringify(result)).not.toContain('demo-key-canary-77');
    expect(JSON.stringify(result)).toContain('INTERNAL_ERROR');
  });
});

describe('failedToolResult', () => {
  it('shows an audited write\'s correlation id as the reference, and logs the same id', () => {
    const { lines, logger } = recordingLogger();
    const correlationId = '0b9c6f9e-5a51-4c1e-9d7e-1f0a3b2c4d5e';
    const result = failedToolResult(logger, 'create_employee', new DuplicateError('POS user id 7217 is already in use', { details: { correlationId } }));
    expect(result.content).toEqual([{ type: 'text', text: `DUPLICATE_ERROR: POS user id 7217 is already in use (Reference: ${correlationId})` }]);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.entry).toMatchObject({ tool: 'create_employee', reference: correlationId, correlationId, code: 'DUPLICATE_ERROR' });
  });

  it('makes up a fresh reference for an error without a correlation id', () => {
    const { lines, logger } = recordingLogger();
    const first = failedToolResult(logger, 'get_transaction', new DuplicateError('taken'));
    const second = failedToolResult(logger, 'get_transaction', new DuplicateError('taken', { details: { correlationId: 42 } }));
    const references = [first, second].map((r) => /\(Reference: ([0-9a-f-]{36})\)$/.exec(r.content[0]?.type === 'text' ? r.content[0].text : '')?.[1]);
    expect(references[0]).toBeDefined();
    expect(references[1]).toBeDefined();
    expect(references[0]).not.toBe(references[1]);
    expect(lines.map((line) => line.entry['reference'])).toEqual(references);
    expect(lines.every((line) => !('correlationId' in line.entry))).toBe(true);
  });
});
