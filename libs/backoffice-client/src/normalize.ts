/** The email rule of every Area A operation: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Reduces a phone number to its digits, the form the BackOffice stores and compares. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D+/g, '');
}

/** True when a phone has 9 or 10 digits once symbols are stripped. */
export function isValidPhone(phone: string): boolean {
  const digits = phoneDigits(phone);
  return digits.length === 9 || digits.length === 10;
}

/** The key emails are compared by: trimmed and lower-cased. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
