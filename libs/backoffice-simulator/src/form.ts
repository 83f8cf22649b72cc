/** Urlencoded bodies bound with the real server's PHP/Symfony rules (presence checkboxes, last scalar wins, `[]` lists). */
export class FormBody {
  readonly pairs: Array<[string, string]>;

  constructor(pairs: Array<[string, string]>) {
    this.pairs = pairs;
  }

  static parse(body: string): FormBody {
    // URLSearchParams keeps order and repeats, and decodes `+` and percent escapes like PHP does.
    return new FormBody([...new URLSearchParams(body)]);
  }

  /** Last value of a scalar field, or '' when absent (missing fields bind empty). */
  value(name: string): string {
    let found = '';
    for (const [k, v] of this.pairs) if (k === name) found = v;
    return found;
  }

  /** Presence: how the server reads a checkbox. */
  has(name: string): boolean {
    return this.pairs.some(([k]) => k === name);
  }

  /** Values of `prefix[]` and `prefix[<anything>]`, in body order. */
  list(prefix: string): string[] {
    const out: string[] = [];
    for (const [k, v] of this.pairs) {
      if (k === `${prefix}[]` || (k.startsWith(`${prefix}[`) && k.endsWith(']') && !k.slice(prefix.length + 1, -1).includes('['))) {
        out.push(v);
      }
    }
    return out;
  }

  /** Keys of `prefix[<key>]...` entries, e.g. the site ids of `employee[sites][<id>][siteId]`. */
  keysUnder(prefix: string, suffix = ''): string[] {
    const keys: string[] = [];
    for (const [k] of this.pairs) {
      if (!k.startsWith(`${prefix}[`) || !k.endsWith(suffix)) continue;
      const rest = k.slice(prefix.length + 1, k.length - suffix.length);
      if (rest.endsWith(']') && !rest.slice(0, -1).includes(']')) keys.push(rest.slice(0, -1));
    }
    return keys;
  }
}

/** A positive whole number as PHP's form layer accepts it ("no less than 1 and has no decimals"). */
export function parsePositiveInt(value: string): number | null {
  const v = value.trim();
  if (!/^\d+$/.test(v)) return null;
  const n = Number(v);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/** An integer list entry as PHP casts it: a digit string, else ignored. */
export function parseIds(values: string[]): number[] {
  const out: number[] = [];
  for (const v of values) {
    const n = parsePositiveInt(v);
    if (n !== null && !out.includes(n)) out.push(n);
  }
  return out;
}
