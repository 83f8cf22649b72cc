import { DEMO_BACKOFFICE_CREDENTIALS, missingBackofficeVariables, readBackofficeEnvironment } from '@washops/operations';
import { describe, expect, it } from 'vitest';
import { type CliIo, UnusableInput } from '../src/io.js';
import { connectTenant } from '../src/tenant.js';

const TENANT = { BACKOFFICE_SUBDOMAIN: 'washu', BACKOFFICE_USERNAME: 'bot', BACKOFFICE_PASSWORD: 'bot-password-canary' };

function ioWith(env: NodeJS.ProcessEnv): CliIo {
  return { env, cwd: process.cwd(), stdin: process.stdin, stdout: { write: () => true }, stderr: { write: () => true } };
}

describe('the BackOffice from the environment (shared with the MCP server)', () => {
  it('needs all three variables; blank counts as unset; the base URL is optional', () => {
    expect(readBackofficeEnvironment(TENANT)).toEqual({ subdomain: 'washu', username: 'bot', password: 'bot-password-canary' });
    expect(readBackofficeEnvironment({ ...TENANT, BACKOFFICE_BASE_URL: ' http://127.0.0.1:4010 ' })).toEqual({
      subdomain: 'washu',
      username: 'bot',
      password: 'bot-password-canary',
      baseUrl: 'http://127.0.0.1:4010',
    });
    expect(readBackofficeEnvironment({ ...TENANT, BACKOFFICE_PASSWORD: '  ' })).toBeUndefined();
    expect(missingBackofficeVariables({ BACKOFFICE_USERNAME: 'bot' })).toEqual(['BACKOFFICE_SUBDOMAIN', 'BACKOFFICE_PASSWORD']);
  });

  it('the command line names what is missing and suggests --demo, without any value', async () => {
    const refused = connectTenant(ioWith({ BACKOFFICE_PASSWORD: 'bot-password-canary' }), false);
    await expect(refused).rejects.toThrow(UnusableInput);
    const message = await refused.catch((error: Error) => error.message);
    expect(message).toContain('--demo');
    expect(message).toMatch(/BACKOFFICE_SUBDOMAIN: .*\n {2}BACKOFFICE_USERNAME: /);
    expect(message).not.toContain('BACKOFFICE_PASSWORD');
    expect(message).not.toContain('canary');
  });

  it('--demo starts the simulator with the demo sign-in and reads from it', async () => {
    const tenant = await connectTenant(ioWith({}), true);
    try {
      expect(tenant.description).toMatch(/^the demo BackOffice simulator at http:\/\/127\.0\.0\.1:\d+$/);
      expect((await tenant.backoffice.reads.listSites()).length).toBeGreaterThan(0);
    } finally {
      await tenant.close();
    }
    expect(DEMO_BACKOFFICE_CREDENTIALS.subdomain).toBe('demo');
  });
});
