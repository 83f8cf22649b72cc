import { describe, expect, it } from 'vitest';
import { emptyAddUserForm, emptyResetPasswordForm, sessionsEndedPhrase, validateAddUserForm, validateResetPasswordForm } from './portal-user-form';

const strong = 'correct horse battery';

describe('the Add user form', () => {
  it('sends no password when the portal is to generate one, so the server makes it up', () => {
    const { input, errors } = validateAddUserForm({ ...emptyAddUserForm, username: 'Ada.L', role: 'admin', password: 'left over', confirmPassword: 'x' });
    expect(errors).toEqual({});
    expect(input).toEqual({ username: 'Ada.L', role: 'admin' });
    expect('password' in input).toBe(false);
  });

  it('sends a set password once it passes the server’s rules and is confirmed', () => {
    const { input, errors } = validateAddUserForm({ ...emptyAddUserForm, username: 'ada', passwordChoice: 'set', password: strong, confirmPassword: strong });
    expect(errors).toEqual({});
    expect(input).toEqual({ username: 'ada', role: 'viewer', password: strong });
  });

  it('names each field’s problem with the server’s own messages', () => {
    const { errors } = validateAddUserForm({ ...emptyAddUserForm, username: '-ada', passwordChoice: 'set', password: 'short', confirmPassword: 'short' });
    expect(errors['username']).toMatch(/starting with a letter or digit/);
    expect(errors['password']).toBe('A password needs at least 12 characters.');
    // The confirmation waits until the password itself is acceptable.
    expect(errors['confirmPassword']).toBeUndefined();
    expect(validateAddUserForm(emptyAddUserForm).errors['username']).toBe('Enter a username.');
  });

  it('refuses a confirmation that differs, or is missing, at the confirmation field', () => {
    const differs = validateAddUserForm({ ...emptyAddUserForm, username: 'ada', passwordChoice: 'set', password: strong, confirmPassword: `${strong}!` });
    expect(differs.errors).toEqual({ confirmPassword: 'The two passwords differ; type the same password twice.' });
    const missing = validateAddUserForm({ ...emptyAddUserForm, username: 'ada', passwordChoice: 'set', password: strong, confirmPassword: '' });
    expect(missing.errors).toEqual({ confirmPassword: 'Type the password again to confirm it.' });
  });
});

describe('the Reset password dialog', () => {
  it('resets to a generated password without sending one', () => {
    expect(validateResetPasswordForm(emptyResetPasswordForm('ada'))).toEqual({ input: { username: 'ada' }, errors: {} });
  });

  it('checks a set password and its confirmation', () => {
    const set = { ...emptyResetPasswordForm('ada'), passwordChoice: 'set' as const, password: strong };
    expect(validateResetPasswordForm({ ...set, confirmPassword: strong })).toEqual({ input: { username: 'ada', password: strong }, errors: {} });
    expect(validateResetPasswordForm({ ...set, confirmPassword: 'other' }).errors).toEqual({
      confirmPassword: 'The two passwords differ; type the same password twice.',
    });
    expect(validateResetPasswordForm({ ...set, password: ' '.repeat(14), confirmPassword: ' '.repeat(14) }).errors['password']).toBe(
      'A password needs more than spaces.',
    );
  });
});

describe('what a change did to the sign-ins', () => {
  it('counts the ended sessions in words', () => {
    expect(sessionsEndedPhrase(0)).toBe('They had no open session.');
    expect(sessionsEndedPhrase(1)).toBe('1 open session ended.');
    expect(sessionsEndedPhrase(3)).toBe('3 open sessions ended.');
  });
});
