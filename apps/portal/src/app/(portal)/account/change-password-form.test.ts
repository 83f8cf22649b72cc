import { describe, expect, it } from 'vitest';
import { emptyChangePasswordForm, validateChangePasswordForm } from './change-password-form';

const current = 'the old password';
const next = 'a brand new password';

describe('the Change password form', () => {
  it('sends the current and the new password, never the confirmation', () => {
    const { input, errors } = validateChangePasswordForm({ currentPassword: current, newPassword: next, confirmPassword: next });
    expect(errors).toEqual({});
    expect(input).toEqual({ currentPassword: current, newPassword: next });
  });

  it('checks in the browser that the new password was typed twice alike', () => {
    expect(validateChangePasswordForm({ currentPassword: current, newPassword: next, confirmPassword: 'a brand new passwort' }).errors).toEqual({
      confirmPassword: 'The two passwords differ; type the same password twice.',
    });
  });

  it('names each empty or weak field with the server’s rules', () => {
    const empty = validateChangePasswordForm(emptyChangePasswordForm).errors;
    expect(empty['currentPassword']).toBe('Enter your current password');
    expect(empty['newPassword']).toBe('A password needs at least 12 characters.');
    expect(validateChangePasswordForm({ currentPassword: current, newPassword: current, confirmPassword: current }).errors['newPassword']).toBe(
      'Choose a password other than the current one.',
    );
  });
});
