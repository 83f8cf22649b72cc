/** The email rule of every Area A operation: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Reduces a phone number to its digits, the form the BackOffice stores and compares. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D+/g, '');
}

/** The key phones are compared by: their digits, without a leading US country code. */
export function phoneKey(digits: string): string {
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** The key emails are compared by: trimmed and lower-cased. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
