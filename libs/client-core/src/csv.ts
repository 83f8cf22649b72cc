/**
 * Free text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets a
 * leading apostrophe (OWASP's CSV-injection advice). For text cells only: numbers stay plain. Null is empty.
 */
export function csvSafeText(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
