import { registerSecret, ValidationError } from '@washops/shared-errors';
import { z } from 'zod';

// The digest's settings as the deployment gives them (README, "The daily digest"): no SMTP URL, no digest.

/** After the nightly sync (10:30 UTC is 04:30–05:30 in US zones, plus the sync itself), so the day is synced by then. */
export const DEFAULT_CLOSE_HOUR = 6;

export interface DigestConfig {
  /** `smtp://user:pass@host:587` or `smtps://…:465`; a secret (registered for redaction). */
  smtpUrl: string;
  /** The From address. */
  from: string;
  /** Local hour of the next morning from which a site's day counts as closed. */
  closeHour: number;
  /** Recipients of one site's digest: its own entry, else the `*` entry, else none. */
  recipientsFor(siteCode: string): string[];
}

export interface DigestSettingsInput {
  smtpUrl?: string | undefined;
  from?: string | undefined;
  recipients?: string | undefined;
  closeHour?: string | undefined;
}

const address = z.email('is not an e-mail address');
const siteKey = z.string().regex(/^(\*|[A-Za-z0-9_-]{1,32})$/, 'names a site code or *');
const smtpUrl = z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' });
const closeHour = z.coerce.number().int('must be a whole hour').min(0, 'must be from 0 to 23').max(23, 'must be from 0 to 23');

/** `JOLIET=manager@example.com,asst@example.com;*=ops@example.com` → site code (upper case) → addresses. */
export function parseRecipients(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const problems: string[] = [];
  for (const entry of text.split(';').map((e) => e.trim()).filter((e) => e !== '')) {
    const at = entry.indexOf('=');
    const key = siteKey.safeParse(at < 0 ? entry : entry.slice(0, at).trim());
    if (at < 0 || !key.success) {
      problems.push(`"${entry}": write SITE=address[,address…] or *=address`);
      continue;
    }
    const addresses = entry.slice(at + 1).split(',').map((a) => a.trim()).filter((a) => a !== '');
    const bad = addresses.filter((a) => !address.safeParse(a).success);
    if (addresses.length === 0 || bad.length > 0) {
      problems.push(`"${key.data}": ${addresses.length === 0 ? 'names no address' : `${bad.join(', ')} is not an e-mail address`}`);
      continue;
    }
    const code = key.data.toUpperCase();
    out.set(code, [...new Set([...(out.get(code) ?? []), ...addresses])]);
  }
  if (problems.length > 0) throw new ValidationError(`WASHOPS_DIGEST_RECIPIENTS: ${problems.join('; ')}`, { details: { problems } });
  return out;
}

/**
 * The digest's configuration, or `null` when no SMTP URL is set (digest off). Throws `ValidationError` naming the
 * setting at fault, never the SMTP URL's value.
 */
export function readDigestConfig(input: DigestSettingsInput): DigestConfig | null {
  if (!input.smtpUrl) return null;
  const problems: string[] = [];
  const url = smtpUrl.safeParse(input.smtpUrl);
  if (!url.success) problems.push('WASHOPS_SMTP_URL must be an smtp:// or smtps:// URL');
  const from = address.safeParse(input.from ?? '');
  if (!from.success) problems.push(input.from ? 'WASHOPS_DIGEST_FROM is not an e-mail address' : 'WASHOPS_DIGEST_FROM is missing (the sender address)');
  const hour = closeHour.safeParse(input.closeHour ?? DEFAULT_CLOSE_HOUR);
  if (!hour.success) problems.push(`WASHOPS_DIGEST_CLOSE_HOUR ${hour.error.issues[0]?.message ?? 'is not an hour'}`);
  let recipients = new Map<string, string[]>();
  try {
    recipients = parseRecipients(input.recipients ?? '');
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (recipients.size === 0 && problems.length === 0) problems.push('WASHOPS_DIGEST_RECIPIENTS names nobody (SITE=address;*=address)');
  if (problems.length > 0) throw new ValidationError(`The daily digest's settings: ${problems.join('; ')}`, { details: { problems } });
  registerSecret(input.smtpUrl);
  const password = passwordOf(input.smtpUrl);
  if (password) registerSecret(password);
  return {
    smtpUrl: input.smtpUrl,
    from: from.data as string,
    closeHour: hour.data as number,
    recipientsFor: (siteCode) => recipients.get(siteCode.toUpperCase()) ?? recipients.get('*') ?? [],
  };
}

function passwordOf(url: string): string | null {
  try {
    const password = new URL(url).password;
    return password === '' ? null : decodeURIComponent(password);
  } catch {
    return null;
  }
}
