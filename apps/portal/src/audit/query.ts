// The Activity page's view as a URL query (so that a link shares it) and back. Browser-safe.

/** The filter fields, as the form holds them and the URL carries them; empty means "any". */
export interface AuditFilterFields {
  actor: string;
  channel: string;
  operation: string;
  state: string;
  since: string;
  until: string;
  employeeId: string;
}

export const AUDIT_FILTER_KEYS = ['actor', 'channel', 'operation', 'state', 'since', 'until', 'employeeId'] as const satisfies ReadonlyArray<
  keyof AuditFilterFields
>;

export const NO_AUDIT_FILTER: AuditFilterFields = { actor: '', channel: '', operation: '', state: '', since: '', until: '', employeeId: '' };

/** Where the page is: `cursor` opens an older page; `before` holds the cursors of the newer pages, oldest last, for "Newer". */
export interface AuditPagePosition {
  cursor: string | null;
  before: string[];
}

export function auditFilterFieldsOf(search: URLSearchParams): AuditFilterFields {
  const fields = { ...NO_AUDIT_FILTER };
  for (const key of AUDIT_FILTER_KEYS) fields[key] = search.get(key)?.trim() ?? '';
  return fields;
}

export function auditPagePositionOf(search: URLSearchParams): AuditPagePosition {
  return { cursor: search.get('cursor') || null, before: search.getAll('before').filter(Boolean) };
}

/** The query string of a view: only the filters that are set, then the page position. */
export function auditSearchOf(fields: AuditFilterFields, position: AuditPagePosition = { cursor: null, before: [] }): string {
  const search = new URLSearchParams();
  for (const key of AUDIT_FILTER_KEYS) {
    const value = fields[key].trim();
    if (value) search.set(key, value);
  }
  for (const cursor of position.before) search.append('before', cursor);
  if (position.cursor) search.set('cursor', position.cursor);
  return search.toString();
}

/** The next older page: this page's cursor joins the trail back. */
export function olderPosition(position: AuditPagePosition, nextCursor: string): AuditPagePosition {
  return { cursor: nextCursor, before: position.cursor ? [...position.before, position.cursor] : position.before };
}

/** The page before (newer): the last cursor of the trail, or the first page. */
export function newerPosition(position: AuditPagePosition): AuditPagePosition {
  return { cursor: position.before.at(-1) ?? null, before: position.before.slice(0, -1) };
}

/** The filter as the procedure and the CSV download take it: the set fields only (the server validates them). */
export function auditFilterInputOf(fields: AuditFilterFields): Record<string, string | number> {
  const filter: Record<string, string | number> = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const value = fields[key].trim();
    if (!value) continue;
    filter[key] = key === 'employeeId' && /^\d+$/.test(value) ? Number(value) : value;
  }
  return filter;
}

/** The CSV download of the rows the filters select (every page, not only the one shown). */
export function auditCsvHref(fields: AuditFilterFields): string {
  const search = auditSearchOf(fields);
  return search ? `/api/audit?${search}` : '/api/audit';
}
