import { redact } from '@washops/shared-errors';

/** The inputs that carry a secret: recorded only as whether one was set or generated. */
export const SECRET_INPUT_FIELDS = ['posPin', 'backofficePassword', 'password'] as const;
export type SecretInputField = (typeof SECRET_INPUT_FIELDS)[number];

/** What the audit log keeps of a secret: that the caller set one, or that the write generated one. */
export type SecretMarker = 'set' | 'generated';

const isSecretField = (key: string): key is SecretInputField => (SECRET_INPUT_FIELDS as readonly string[]).includes(key);

/**
 * The input as the audit log records it: `posPin`, `backofficePassword` and `password` become `"set"`
 * (given) or `"generated"` (absent, and named in `generatedWhenAbsent` because the write makes one);
 * everything else passes `redact` (keys naming a secret, registered secrets inside text; dates as ISO).
 */
export function recordedInput(input: unknown, generatedWhenAbsent: readonly SecretInputField[] = []): Record<string, unknown> {
  const source = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const plain: Record<string, unknown> = {};
  const markers: Record<string, SecretMarker> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined) continue;
    if (!isSecretField(key)) plain[key] = value;
    else if (value !== null && value !== '') markers[key] = 'set';
  }
  for (const field of generatedWhenAbsent) markers[field] ??= 'generated';
  return { ...(redact(plain) as Record<string, unknown>), ...markers };
}
