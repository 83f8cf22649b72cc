import { BackofficeServerError } from '@washops/shared-errors';
import { load, type Cheerio, type CheerioAPI } from 'cheerio/slim';

/** A selection of elements (cheerio's element type, without depending on its DOM package). */
export type Nodes = ReturnType<Cheerio<never>['find']>;

/** The pages the client reads, by the name errors use for them. */
export type PageName =
  | 'login'
  | 'roster'
  | 'employee-create'
  | 'employee-edit'
  | 'employee-permissions'
  | 'employee-compensation'
  | 'user-list'
  | 'user-create'
  | 'user-permissions'
  | 'flash'
  | 'redirect';

/** Selectors by name; a list entry holds field names (the fields a form must carry to be posted back). */
export type SelectorMap = Readonly<Record<string, string | readonly string[]>>;

/** A page's HTML with the page's name and selectors attached, so failures can name them. */
export class Page<S extends SelectorMap> {
  readonly $: CheerioAPI;

  constructor(
    readonly name: PageName,
    readonly selectors: S,
    readonly html: string,
  ) {
    this.$ = load(html);
  }

  /** Every element matching the selector stored under `key` (possibly none). */
  all(key: keyof S & string, context?: Nodes): Nodes {
    const selector = this.selectors[key] as string;
    return context ? context.find(selector) : this.$.root().find(selector);
  }

  /** The first element matching `key`; a missing one is a BackofficeServerError naming page and selector. */
  one(key: keyof S & string, context?: Nodes): Nodes {
    const found = this.all(key, context).first();
    if (found.length === 0) throw missingElement(this.name, key, this.selectors[key] as string);
    return found;
  }
}

/**
 * What keeps a form from being provably whole (README, "Disable an employee"); empty when whole. The
 * closing `</form>` is checked in the HTML because the parser closes a cut form silently.
 */
export function formGaps<S extends SelectorMap>(page: Page<S>, form: Nodes, submitSelector: string, fieldNames: readonly string[]): string[] {
  const gaps: string[] = [];
  const action = form.attr('action') ?? '';
  const escaped = action.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const opening = page.html.search(new RegExp(`<form\\b[^>]*\\baction=["']${escaped}["']`, 'i'));
  if (opening < 0 || !/<\/form\s*>/i.test(page.html.slice(opening))) gaps.push('</form>');
  if (form.find(submitSelector).length === 0) gaps.push('submit button');
  const present = new Set<string>();
  form.find('[name]').each((_, node) => {
    const name = page.$(node).attr('name');
    if (name) present.add(name);
  });
  for (const name of fieldNames) if (!present.has(name)) gaps.push(name);
  return gaps;
}

/** Refuses a form that is not provably whole (see formGaps), before anything is posted from it. */
export function requireWholeForm(page: PageName, gaps: readonly string[]): void {
  if (gaps.length === 0) return;
  throw new BackofficeServerError(
    `The BackOffice ${page} page arrived incomplete (missing ${gaps.join(', ')}): a form cut short is neither trusted nor posted back, since its missing fields would be stored blank`,
    { details: { page, missing: [...gaps] } },
  );
}

export function missingElement(page: PageName, key: string, selector: string): BackofficeServerError {
  return new BackofficeServerError(
    `The BackOffice ${page} page has no ${key} (selector \`${selector}\`): the page is broken or its markup changed`,
    { details: { page, element: key, selector } },
  );
}

export function unexpectedValue(page: PageName, what: string, value: string): BackofficeServerError {
  return new BackofficeServerError(`The BackOffice ${page} page has an unreadable ${what}: ${JSON.stringify(value.slice(0, 80))}`, {
    details: { page, element: what },
  });
}

/** Text content with runs of whitespace collapsed, the way the page shows it. */
export function cleanText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A label like `Site <strong>(WashU Fiesta)</strong>` gives `WashU Fiesta`. */
export function stripParens(text: string): string {
  const trimmed = cleanText(text);
  return trimmed.startsWith('(') && trimmed.endsWith(')') ? trimmed.slice(1, -1).trim() : trimmed;
}

/** Parses a positive integer attribute or text; anything else is null. */
export function toId(value: string | undefined): number | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return Number.isSafeInteger(n) ? n : null;
}

/** Comma-separated integer lists such as `data-permissions-set="1,2,3"`. */
export function idList(value: string | undefined): number[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => toId(part))
    .filter((n): n is number => n !== null);
}
