import { ValidationError } from '@washops/shared-errors';
import { parseInput } from '@washops/client-core';
import { describe, expect, it } from 'vitest';
import { auditFilterSchema, needsAttention, NEEDS_ATTENTION_AFTER_MS } from '../src/schemas.js';

const parse = (value: unknown) => parseInput(auditFilterSchema, value, 'filter');

describe('auditFilterSchema', () => {
  it('reads days as UTC day bounds (until includes its whole day) and instants as given', () => {
    expect(parse({ since: '2026-11-01', until: '2026-11-02' })).toEqual({
      since: new Date('2026-11-01T00:00:00.000Z'),
      until: new Date('2026-11-03T00:00:00.000Z'),
    });
    expect(parse({ since: '2026-11-01T08:30:00+02:00' })).toEqual({ since: new Date('2026-11-01T06:30:00.000Z') });
    expect(parse({ until: new Date('2026-11-05T00:00:00Z') })).toEqual({ until: new Date('2026-11-05T00:00:00Z') });
  });

  it('keeps the other filters, turns numeric text into ids and treats empty values as absent', () => {
    expect(parse({ actor: ' ada ', channel: 'mcp', operation: 'employee.create', state: 'partial', employeeId: '42', posUserId: 7 })).toEqual({
      actor: 'ada',
      channel: 'mcp',
      operation: 'employee.create',
      state: 'partial',
      employeeId: 42,
      posUserId: 7,
    });
    expect(parse({ actor: '', channel: '', since: '', employeeId: null })).toEqual({});
  });

  it('refuses what a user could mistype, with a message naming the field', () => {
    const bad = [
      { since: '2026-13-01' },
      { since: '2026-02-30' },
      { since: '01/11/2026' },
      { since: '2026-11-01T08:00:00' },
      { since: '2026-11-02', until: '2026-11-01' },
      { channel: 'email' },
      { operation: 'employee.delete' },
      { state: 'done' },
      { employeeId: 'abc' },
      { employeeId: -1 },
      { employeeId: 1.5 },
      { actor: 'x'.repeat(201) },
      { unknown: 1 },
    ];
    for (const value of bad) expect(() => parse(value), JSON.stringify(value)).toThrow(ValidationError);
    expect(() => parse({ since: '2026-11-01T08:00:00' })).toThrow(/since/);
  });
});

describe('needsAttention', () => {
  const startedAt = new Date('2026-11-20T10:00:00Z');
  it('flags only a started event older than five minutes', () => {
    const at = (ms: number) => new Date(startedAt.getTime() + ms);
    expect(needsAttention({ state: 'started', startedAt }, at(NEEDS_ATTENTION_AFTER_MS - 1))).toBe(false);
    expect(needsAttention({ state: 'started', startedAt }, at(NEEDS_ATTENTION_AFTER_MS))).toBe(true);
    expect(needsAttention({ state: 'partial', startedAt }, at(NEEDS_ATTENTION_AFTER_MS * 10))).toBe(false);
  });
});
