// Money is integer cents everywhere it is computed; these are the only conversions to and from text.

/** A decimal amount as integer cents, rounding binary noise the way the number reads (1.005 → 101). */
export function toCents(amount: number): number {
  const cents = Math.round(Math.abs(amount) * 100 + 1e-7) * Math.sign(amount);
  return cents || 0;
}

/** Integer cents as the APIs' decimal amount (exact: `toCents` of the result gives the cents again). */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** Cents as a plain two-place decimal, `"12.50"`, `"-0.05"`: forms, CSV cells. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as US dollars for people, `"$1,234.50"`. */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

/** A dollar amount as the APIs send it (a decimal), shown as US dollars: `1234.5` → `"$1,234.50"`. */
export function formatDollars(amount: number): string {
  return formatUsd(toCents(amount));
}

/** 1.5 × a rate in cents, rounded half-even to the cent (exact integer arithmetic). */
export function overtimeCents(regularCents: number): number {
  const triple = regularCents * 3;
  const half = Math.floor(triple / 2);
  if (triple % 2 === 0) return half;
  return half % 2 === 0 ? half : half + 1;
}
