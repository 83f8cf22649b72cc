import { describe, expect, it } from 'vitest';
import { PortalEnvError, readPortalEnv } from './env.js';

describe('readPortalEnv', () => {
  it('runs in demo mode when asked, without credentials', () => {
    expect(readPortalEnv({ WASHOPS_DEMO: '1' })).toEqual({ mode: 'demo' });
  });

  it('names every missing variable and never echoes a value', () => {
    let message = '';
    try {
      readPortalEnv({ BACKOFFICE_SUBDOMAIN: 'washu', BACKOFFICE_PASSWORD: 'hunter2-secret' });
    } catch (error) {
      expect(error).toBeInstanceOf(PortalEnvError);
      message = (error as Error).message;
    }
    expect(message).toContain('BACKOFFICE_USERNAME: missing');
    expect(message).toContain('DATA_API_ID: missing');
    expect(message).toContain('DATA_API_KEY: missing');
    expect(message).toContain('WASHOPS_DEMO=1');
    expect(message).not.toContain('BACKOFFICE_SUBDOMAIN');
    expect(message).not.toContain('hunter2-secret');
  });

  it('reads tenant credentials', () => {
    const env = readPortalEnv({
      BACKOFFICE_SUBDOMAIN: 'washu',
      BACKOFFICE_USERNAME: 'bot',
      BACKOFFICE_PASSWORD: 'pw',
      DATA_API_ID: 'washu',
      DATA_API_KEY: 'key',
    });
    expect(env).toEqual({
      mode: 'tenant',
      backoffice: { subdomain: 'washu', username: 'bot', password: 'pw' },
      transactions: { apiId: 'washu', apiKey: 'key' },
    });
  });
});
