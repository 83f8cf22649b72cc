import { describe, expect, it } from 'vitest';
import { confirmationIssue } from './password-confirmation';

describe('a password confirmation', () => {
  it('passes only an exact repeat', () => {
    expect(confirmationIssue('correct horse battery', 'correct horse battery')).toBeUndefined();
    expect(confirmationIssue('correct horse battery', 'correct horse battery ')).toMatch(/differ/);
    expect(confirmationIssue('correct horse battery', 'Correct horse battery')).toMatch(/differ/);
    expect(confirmationIssue('correct horse battery', '')).toBe('Type the password again to confirm it.');
  });
});
