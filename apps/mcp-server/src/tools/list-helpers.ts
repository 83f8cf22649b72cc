/** Collects at most `max` rows from a stream; leaving the loop early stops the client's paging. */
export async function collectCapped<T>(stream: AsyncIterable<T>, max: number): Promise<{ rows: T[]; truncated: boolean }> {
  const rows: T[] = [];
  for await (const row of stream) {
    if (rows.length === max) return { rows, truncated: true };
    rows.push(row);
  }
  return { rows, truncated: false };
}

export function narrowingNote(returned: number): string {
  return `Showing the first ${returned} rows. More matched: narrow the date range, pick a site, or raise maxResults (at most 1000).`;
}

export function sumCents(values: number[]): number {
  return values.reduce((sum, v) => sum + Math.round(v * 100), 0) / 100;
}

export function money(value: number): string {
  return `$${value.toFixed(2)}`;
}

/** Drops keys whose value is undefined, so optional filters are not sent as `undefined`. */
export function defined<T extends Record<string, unknown>>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as never;
}
