/** What a secret is replaced with wherever it would be shown. */
export const REDACTED = '[REDACTED]';

/** Keys whose values are always masked, compared lower-cased with `-` and `_` removed. */
const SECRET_KEY = /(password|passwd|secret|apikey|token|cookie|authorization|credentials?|sessionid|phpsessid)$/;

/** `name=value` pairs of session cookies and tokens inside free text (a logged header, a URL). */
const SECRET_PAIR = /\b(PHPSESSID|session(?:id)?|token|api[-_]?key|password)=([^;&\s"']+)/gi;

/** Shorter strings are not registered: masking them would mangle ordinary words. */
const MIN_SECRET_LENGTH = 4;

/**
 * Registered secrets live on `globalThis` under a `Symbol.for` key so that every copy of this
 * module (two bundles, two installs) masks the same set.
 */
const REGISTRY_KEY = Symbol.for('@washops/shared-errors/secrets');

function registry(): Set<string> {
  const holder = globalThis as unknown as Record<symbol, Set<string> | undefined>;
  let set = holder[REGISTRY_KEY];
  if (!set) {
    set = new Set<string>();
    holder[REGISTRY_KEY] = set;
  }
  return set;
}

/**
 * Registers a secret (a password, an API key, a session cookie) so that it is masked in every
 * error message, `toJSON()` and `toPublicError()` output from now on. Clients call this with
 * their credentials when they are constructed.
 */
export function registerSecret(secret: string | undefined | null): void {
  if (typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH) registry().add(secret);
}

/** Forgets a secret registered before (for example when a session cookie is replaced). */
export function unregisterSecret(secret: string | undefined | null): void {
  if (typeof secret === 'string') registry().delete(secret);
}

/** True when a key names something secret (`password`, `apiKey`, `cookie`, `authorization`, ...). */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key.toLowerCase().replace(/[-_\s]/g, ''));
}

/** Masks every registered secret and every `PHPSESSID=`/`token=`-style pair in a string. */
export function redactString(text: string): string {
  let out = text.replace(SECRET_PAIR, (_match, name: string) => `${name}=${REDACTED}`);
  // Longest first, so a secret that contains another is masked whole.
  const secrets = [...registry()].sort((a, b) => b.length - a.length);
  for (const secret of secrets) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/**
 * Returns a deep copy of `value` that is safe to show: values under secret keys are masked,
 * registered secrets are masked inside every string, and cycles are cut.
 */
export function redact(value: unknown, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return redactString(value);
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redact(item, seen));
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Error) return { name: value.name, message: redactString(value.message) };
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = isSecretKey(key) && item !== undefined && item !== null && item !== '' ? REDACTED : redact(item, seen);
  }
  return out;
}
