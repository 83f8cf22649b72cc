import { describe, expect, it } from 'vitest';
import { csvSafeText } from './csv.js';

describe('csvSafeText', () => {
  it('defuses text a spreadsheet would run as a formula', () => {
    for (const formula of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd']) {
      expect(csvSafeText(formula)).toBe(`'${formula}`);
    }
  });

  it('keeps ordinary text and turns a missing value into an empty cell', () => {
    expect(csvSafeText('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvSafeText('a=b')).toBe('a=b');
    expect(csvSafeText(null)).toBe('');
    expect(csvSafeText(undefined)).toBe('');
  });
});
