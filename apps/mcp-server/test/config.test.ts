import { describe, expect, it } from 'vitest';
import { McpConfigError, readMcpConfig } from '../src/config.js';

const tenant = {
  BACKOFFICE_SUBDOMAIN: 'washu',
  BACKOFFICE_USERNAME: 'bot',
  BACKOFFICE_PASSWORD: 'bot-password-canary',
  DATA_API_ID: 'washu',
  DATA_API_KEY: 'api-key-canary',
};

describe('readMcpConfig', () => {
  it('refuses to start without credentials or --demo, naming the variables it needs', () => {
    let message = '';
    try {
      readMcpConfig([], {});
    } catch (error) {
      expect(error).toBeInstanceOf(McpConfigError);
      message = (error as Error).message;
    }
    for (const name of ['BACKOFFICE_SUBDOMAIN', 'BACKOFFICE_USERNAME', 'BACKOFFICE_PASSWORD', 'DATA_API_ID', 'DATA_API_KEY', '--demo']) {
      expect(message).toContain(name);
    }
  });

  it('enables only the area whose credentials are complete', () => {
    const onlyApi = readMcpConfig([], { DATA_API_ID: 'washu', DATA_API_KEY: 'k', BACKOFFICE_SUBDOMAIN: 'washu' });
    expect(onlyApi.transactions).toEqual({ apiId: 'washu', apiKey: 'k', environment: 'production' });
    expect(onlyApi.backoffice).toBeUndefined();
    const both = readMcpConfig([], tenant);
    expect(both.backoffice).toEqual({ subdomain: 'washu', username: 'bot', password: 'bot-password-canary' });
  });

  it('reads the flags and refuses unknown ones', () => {
    expect(readMcpConfig(['--demo', '--read-only'], {})).toMatchObject({ demo: true, readOnly: true, transport: 'stdio' });
    expect(() => readMcpConfig(['--verbose'], tenant)).toThrow(/Unknown option/);
  });

  it('needs a bearer token for HTTP, binds to 127.0.0.1 unless configured, and never echoes secrets', () => {
    expect(() => readMcpConfig(['--http'], tenant)).toThrow(/MCP_HTTP_TOKEN/);
    const http = readMcpConfig(['--http'], { ...tenant, MCP_HTTP_TOKEN: 't'.repeat(32) });
    expect(http.http).toMatchObject({ host: '127.0.0.1', port: 3333, allowedOrigins: [] });
    try {
      readMcpConfig([], { ...tenant, DATA_API_ENVIRONMENT: 'staging' });
    } catch (error) {
      expect((error as Error).message).not.toContain('canary');
    }
  });
});
