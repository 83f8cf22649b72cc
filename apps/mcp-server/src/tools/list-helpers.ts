import { formatDollars, toCents } from '@washops/client-core';

/** Collects at most `max` rows from a stream; leaving the loop early stops the client's paging. */
async function collectCapped<T>(stream: AsyncIterable<T>, max: number): Promise<{ rows: T[]; truncated: boolean }> {
  const rows: T[] = [];
  for await (const row of stream) {
    if (rows.length === max) return { rows, truncated: true };
    rows.push(row);
  }
  return { rows, truncated: false };
}

function narrowingNote(returned: number): string {
  return `Showing the first ${returned} rows. More matched: narrow the date range, pick a site, or raise maxResults (at most 1000).`;
}

interface ListRow {
  transNumber: number;
  transId: string;
  date: string;
  total: number;
}

/** Runs a list tool's stream up to `maxResults` and shapes the common result: rows, cap note, total. */
export async function listResult<T extends ListRow>(stream: AsyncIterable<T>, maxResults: number) {
  const { rows, truncated } = await collectCapped(stream, maxResults);
  return {
    transactions: rows,
    returned: rows.length,
    truncated,
    totalAmount: totalDollars(rows.map((r) => r.total)),
    ...(truncated ? { note: narrowingNote(rows.length) } : {}),
  };
}

/** The text rendering of a list result: a summary line and the first 20 rows. */
export function renderList<T extends ListRow>(
  out: { transactions: T[]; returned: number; truncated: boolean; totalAmount: number; note?: string | undefined },
  extra: (row: T) => string = () => '',
): string {
  const head = `${out.returned} transaction(s) totalling ${formatDollars(out.totalAmount)}${out.truncated ? ` (truncated: ${out.note})` : ''}`;
  const shown = out.transactions.slice(0, 20).map((t) => `- #${t.transNumber} ${t.transId} ${t.date} ${formatDollars(t.total)}${extra(t)}`);
  const more = out.transactions.length > 20 ? [`… ${out.transactions.length - 20} more in structuredContent`] : [];
  return [head, ...shown, ...more].join('\n');
}

/** Dollar amounts summed as integer cents, so float noise cannot add up over many rows. */
export function totalDollars(amounts: readonly number[]): number {
  return amounts.reduce((sum, amount) => sum + toCents(amount), 0) / 100;
}
