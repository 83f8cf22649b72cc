import { ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { readDigestConfig } from '../src/index.js';

const base = { smtpUrl: 'smtps://mailer:s3cret-smtp-pw@mail.example.com:465', from: 'digest@example.com' };

describe('the digest settings', () => {
  it('no SMTP URL turns the digest off', () => {
    expect(readDigestConfig({ recipients: 'A=a@example.com' })).toBeNull();
  });

  it('routes each site to its own recipients, else to *, and reads the close hour', () => {
    const config = readDigestConfig({ ...base, recipients: ' joliet = manager@example.com, asst@example.com ; *=ops@example.com', closeHour: '7' });
    expect(config?.recipientsFor('JOLIET')).toEqual(['manager@example.com', 'asst@example.com']);
    expect(config?.recipientsFor('niles')).toEqual(['ops@example.com']);
    expect(config?.closeHour).toBe(7);
    expect(readDigestConfig({ ...base, recipients: 'A=a@example.com' })?.recipientsFor('B')).toEqual([]);
    expect(readDigestConfig({ ...base, recipients: 'A=a@example.com' })?.closeHour).toBe(6);
  });

  it('refuses malformed settings with a ValidationError naming each, never the SMTP URL', () => {
    const refusal = (() => {
      try {
        readDigestConfig({ smtpUrl: 'http://mailer:s3cret-smtp-pw@mail', from: 'nobody', recipients: 'A=not-an-address;B', closeHour: '24' });
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(ValidationError);
    const message = (refusal as Error).message;
    expect(message).toContain('WASHOPS_SMTP_URL must be an smtp:// or smtps:// URL');
    expect(message).toContain('WASHOPS_DIGEST_FROM is not an e-mail address');
    expect(message).toContain('WASHOPS_DIGEST_CLOSE_HOUR must be from 0 to 23');
    expect(message).toContain('not-an-address is not an e-mail address');
    expect(message).toContain('"B": write SITE=address');
    expect(message).not.toContain('s3cret-smtp-pw');
    expect(() => readDigestConfig({ ...base, recipients: '' })).toThrow(/WASHOPS_DIGEST_RECIPIENTS names nobody/);
  });
});
