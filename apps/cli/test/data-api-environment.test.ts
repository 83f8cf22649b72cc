import {
  DEMO_DATA_API_BASE_URL,
  DEMO_DATA_API_CREDENTIALS,
  missingDataApiVariables,
  readDataApiEnvironment,
  requireDataApiEnvironment,
} from '@washops/operations';
import { ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';

const API = { DATA_API_ID: 'washu', DATA_API_KEY: 'api-key-canary-41d0' };

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as Error).message;
  }
  throw new Error('expected a ValidationError');
}

describe('the Data API from the environment (shared by the command line and the MCP server)', () => {
  it('reads the id and key, the sandbox, a base URL and the time scale; blank counts as unset', () => {
    expect(readDataApiEnvironment({})).toBeUndefined();
    expect(readDataApiEnvironment({ DATA_API_ID: ' ', DATA_API_KEY: '' })).toBeUndefined();
    expect(readDataApiEnvironment(API)).toEqual({ apiId: 'washu', apiKey: 'api-key-canary-41d0' });
    expect(readDataApiEnvironment({ ...API, DATA_API_ENVIRONMENT: 'sandbox' })).toMatchObject({ baseUrl: 'https://sandboxapi.sonnyscontrols.com/v1' });
    expect(readDataApiEnvironment({ ...API, DATA_API_ENVIRONMENT: 'sandbox', DATA_API_BASE_URL: 'http://127.0.0.1:4120/v1', DATA_API_TIME_SCALE: '0.05' })).toEqual({
      ...{ apiId: 'washu', apiKey: 'api-key-canary-41d0' },
      baseUrl: 'http://127.0.0.1:4120/v1',
      timeScale: 0.05,
    });
  });

  it('half a credential names the missing variable and never a value', () => {
    const message = messageOf(() => readDataApiEnvironment({ DATA_API_KEY: API.DATA_API_KEY }));
    expect(message).toContain('DATA_API_ID');
    expect(message).not.toContain('canary');
    expect(missingDataApiVariables({ DATA_API_ID: 'x' })).toEqual(['DATA_API_KEY']);
  });

  it('refuses an unknown environment, a URL that is not http(s) and a time scale outside (0, 1], naming each and showing no value', () => {
    const message = messageOf(() =>
      readDataApiEnvironment({ ...API, DATA_API_ENVIRONMENT: 'staging', DATA_API_BASE_URL: 'ftp://secret-host-canary', DATA_API_TIME_SCALE: '0' }),
    );
    expect(message).toContain('DATA_API_ENVIRONMENT');
    expect(message).toContain('DATA_API_BASE_URL');
    expect(message).toContain('DATA_API_TIME_SCALE');
    expect(message).not.toMatch(/canary|staging/);
    expect(messageOf(() => readDataApiEnvironment({ ...API, DATA_API_TIME_SCALE: '2' }))).toContain('DATA_API_TIME_SCALE');
  });

  it('a command that needs it names what to set and suggests --demo; --demo takes the demo credential and the scale', () => {
    const message = messageOf(() => requireDataApiEnvironment({}));
    expect(message).toContain('--demo');
    expect(message).toMatch(/DATA_API_ID: .*\n {2}DATA_API_KEY: /);
    expect(requireDataApiEnvironment({}, { demo: true })).toEqual({ ...DEMO_DATA_API_CREDENTIALS, baseUrl: DEMO_DATA_API_BASE_URL });
    expect(requireDataApiEnvironment({ ...API, DATA_API_BASE_URL: 'http://127.0.0.1:5000/v1', DATA_API_TIME_SCALE: '0.01' }, { demo: true })).toEqual({
      ...DEMO_DATA_API_CREDENTIALS,
      baseUrl: 'http://127.0.0.1:5000/v1',
      timeScale: 0.01,
    });
  });
});
