import { describe, expect, it } from 'vitest';
import { operationLabel, statusOf, targetParts, utcTime } from './labels.js';

describe('how the Activity page words an event', () => {
  it('says each status in words (color only adds to them), and a cut-off write needs attention whatever its state', () => {
    expect(statusOf({ state: 'succeeded', needsAttention: false }).label).toBe('Succeeded');
    expect(statusOf({ state: 'failed', needsAttention: false }).label).toBe('Failed');
    expect(statusOf({ state: 'partial', needsAttention: false }).label).toBe('Partly done');
    expect(statusOf({ state: 'started', needsAttention: false }).label).toBe('In progress');
    expect(statusOf({ state: 'started', needsAttention: true })).toEqual({ label: 'Needs attention', badge: 'badge-failed' });
  });

  it('names the operations it knows, and shows an unknown one as recorded', () => {
    expect(operationLabel('employee.create')).toBe('Create employee');
    expect(operationLabel('portal_user.change_password')).toBe('Change own password');
    expect(operationLabel('site.rename')).toBe('site.rename');
  });

  it('names every part of a target, and times in UTC', () => {
    expect(targetParts({ employeeId: 4711, posUserId: 8101, backofficeUsername: 'jdoe' })).toEqual(['employee 4711', 'POS user 8101', 'Back Office user jdoe']);
    expect(targetParts({ portalUsername: 'ann' })).toEqual(['portal user ann']);
    expect(targetParts({ customerId: '4100:1001' })).toEqual(['customer 4100:1001']);
    expect(targetParts({})).toEqual([]);
    expect(utcTime('2026-11-24T15:04:05.123Z')).toBe('2026-11-24 15:04:05 UTC');
  });
});
