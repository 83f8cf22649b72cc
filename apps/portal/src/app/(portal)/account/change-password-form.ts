import { changePasswordInput, type ChangePasswordInput } from '@washops/portal-api/schemas';
import { confirmationIssue } from '../../../components/password-confirmation';
import { fieldErrorsFromIssues } from '../../../forms/employee-form';

export interface ChangePasswordFormValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const emptyChangePasswordForm: ChangePasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The server's own rules for the two passwords, plus the confirmation, which only the browser sees. */
export function validateChangePasswordForm(values: ChangePasswordFormValues): { input: ChangePasswordInput; errors: Record<string, string> } {
  const input: ChangePasswordInput = { currentPassword: values.currentPassword, newPassword: values.newPassword };
  const result = changePasswordInput.safeParse(input);
  const errors = result.success ? {} : fieldErrorsFromIssues(result.error.issues);
  const confirmIssue = confirmationIssue(values.newPassword, values.confirmPassword);
  if (confirmIssue && !errors['newPassword']) errors['confirmPassword'] = confirmIssue;
  return { input, errors };
}
