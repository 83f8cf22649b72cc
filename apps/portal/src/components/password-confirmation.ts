/** The message for a confirmation that does not repeat the new password, or nothing when it does. */
export function confirmationIssue(password: string, confirmation: string): string | undefined {
  if (confirmation === '') return 'Type the password again to confirm it.';
  return confirmation === password ? undefined : 'The two passwords differ; type the same password twice.';
}
