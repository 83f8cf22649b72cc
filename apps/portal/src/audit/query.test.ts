import { describe, expect, it } from 'vitest';
import {
  auditCsvHref,
  auditFilterFieldsOf,
  auditFilterInputOf,
  auditPagePositionOf,
  auditSearchOf,
  NO_AUDIT_FILTER,
  newerPosition,
  olderPosition,
} from './query.js';

describe('the Activity view in the URL', () => {
  it('round-trips the filters and the page position, leaving unset filters out', () => {
    const fields = { ...NO_AUDIT_FILTER, actor: 'admin', channel: 'portal', since: '2026-11-01', employeeId: '4711' };
    const search = auditSearchOf(fields, { cursor: 'c3', before: ['c1', 'c2'] });
    expect(search).toBe('actor=admin&channel=portal&since=2026-11-01&employeeId=4711&before=c1&before=c2&cursor=c3');
    const parsed = new URLSearchParams(search);
    expect(auditFilterFieldsOf(parsed)).toEqual(fields);
    expect(auditPagePositionOf(parsed)).toEqual({ cursor: 'c3', before: ['c1', 'c2'] });
    expect(auditSearchOf(NO_AUDIT_FILTER)).toBe('');
  });

  it('goes older with the next cursor and back newer along the trail to the first page', () => {
    const first = auditPagePositionOf(new URLSearchParams(''));
    expect(first).toEqual({ cursor: null, before: [] });
    const second = olderPosition(first, 'c1');
    const third = olderPosition(second, 'c2');
    expect(third).toEqual({ cursor: 'c2', before: ['c1'] });
    expect(newerPosition(third)).toEqual(second);
    expect(newerPosition(second)).toEqual(first);
  });

  it('sends only the set filters, the employee id as a number, and downloads the same selection as CSV', () => {
    const fields = { ...NO_AUDIT_FILTER, operation: 'employee.create', state: 'failed', employeeId: ' 12 ', until: '2026-11-30' };
    expect(auditFilterInputOf(fields)).toEqual({ operation: 'employee.create', state: 'failed', until: '2026-11-30', employeeId: 12 });
    // Not a number: passed on as typed so that the server's validation names it.
    expect(auditFilterInputOf({ ...NO_AUDIT_FILTER, employeeId: 'x1' })).toEqual({ employeeId: 'x1' });
    expect(auditCsvHref(fields)).toBe('/api/audit?operation=employee.create&state=failed&until=2026-11-30&employeeId=12');
    expect(auditCsvHref(NO_AUDIT_FILTER)).toBe('/api/audit');
  });
});
