import { describe, expect, it } from 'vitest';
import { cellText, changeText, isNumeric, pointsText, syncedAtText } from './format';

describe('report cells', () => {
  it('show money (integer cents) as dollars, percents from fractions, counts grouped', () => {
    expect(cellText(123_456, 'money')).toBe('$1,234.56');
    expect(cellText(-505, 'money')).toBe('-$5.05');
    expect(cellText(0.256, 'percent')).toBe('25.6%');
    expect(cellText(12_345, 'count')).toBe('12,345');
    expect(cellText('2026-11-16', 'day')).toBe('2026-11-16');
    expect(cellText('NOLO', 'text')).toBe('NOLO');
  });

  it('mark a missing figure with a dash and leave a missing label empty', () => {
    expect(cellText(null, 'money')).toBe('—');
    expect(cellText(null, 'percent')).toBe('—');
    expect(cellText(undefined, 'count')).toBe('—');
    expect(cellText(null, 'text')).toBe('');
  });

  it('right-align only figures', () => {
    expect(['text', 'day', 'count', 'money', 'percent'].filter((kind) => isNumeric(kind as 'text'))).toEqual(['count', 'money', 'percent']);
  });

  it('sign a change against the previous period, and say when there is none', () => {
    expect(changeText(0.052)).toBe('+5.2%');
    expect(changeText(-0.1)).toBe('-10.0%');
    expect(changeText(0)).toBe('0.0%');
    expect(changeText(null)).toBe('n/a');
  });

  it('sign a ratio\'s change in percentage points', () => {
    expect(pointsText(0.012)).toBe('+1.2 pts');
    expect(pointsText(-0.005)).toBe('-0.5 pts');
    expect(pointsText(0)).toBe('0.0 pts');
    expect(pointsText(null)).toBe('n/a');
  });

  it('read the sync time whether it comes as a date or as text', () => {
    const at = new Date(2026, 10, 23, 4, 30);
    expect(syncedAtText(at)).toBe(syncedAtText(at.toISOString()));
    expect(syncedAtText(at)).toMatch(/Nov 23, 2026/);
    expect(syncedAtText(null)).toBeNull();
    expect(syncedAtText('not a time')).toBeNull();
  });
});
