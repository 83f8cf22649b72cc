/** 1.5 × a rate in cents, rounded half-even to the cent (exact integer arithmetic). */
export function overtimeCents(regularCents: number): number {
  const triple = regularCents * 3;
  const half = Math.floor(triple / 2);
  if (triple % 2 === 0) return half;
  // Exactly halfway: round to the even cent.
  return half % 2 === 0 ? half : half + 1;
}

/** Cents as the form's `"%.2f"` string. */
export function formatCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A calendar day as the form's `MM/DD/YYYY`. */
export function formatFormDate(day: { year: number; month: number; day: number }): string {
  return `${String(day.month).padStart(2, '0')}/${String(day.day).padStart(2, '0')}/${String(day.year).padStart(4, '0')}`;
}
