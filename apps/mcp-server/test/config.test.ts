import { describe, expect, it } from 'vitest';
import { McpConfigError, isLoopbackHost, readMcpConfig } from '../src/config.js';

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

  it('refuses a bearer token shorter than 32 characters, saying how to generate one', () => {
    const short = () => readMcpConfig(['--http'], { ...tenant, MCP_HTTP_TOKEN: 'x'.repeat(31) });
    expect(short).toThrow(McpConfigError);
    expect(short).toThrow(/at least 32/);
    expect(short).toThrow(/openssl rand -hex 32/);
    expect(() => readMcpConfig(['--http'], tenant)).toThrow(/openssl rand -hex 32/);
    expect(readMcpConfig(['--http'], { ...tenant, MCP_HTTP_TOKEN: 'x'.repeat(32) }).http.token).toHaveLength(32);
  });

  it('refuses a non-loopback bind address unless --allow-remote is given, and --allow-remote without --http', () => {
    const token = { MCP_HTTP_TOKEN: 'a'.repeat(64) };
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'mcp.example.com']) {
      expect(() => readMcpConfig(['--http'], { ...tenant, ...token, MCP_HTTP_HOST: host }), host).toThrow(/--allow-remote/);
      const remote = readMcpConfig(['--http', '--allow-remote'], { ...tenant, ...token, MCP_HTTP_HOST: host });
      expect(remote.http).toMatchObject({ host, allowRemote: true });
    }
    expect(() => readMcpConfig(['--http'], { ...tenant, ...token, MCP_HTTP_HOST: '0.0.0.0' })).toThrow(/TLS/);
    expect(() => readMcpConfig(['--allow-remote'], tenant)).toThrow(/only applies with --http/);
  });

  it('counts localhost, 127.0.0.0/8 and ::1 (in any spelling) as loopback, and nothing else', () => {
    for (const host of ['127.0.0.1', '127.8.9.10', 'localhost', 'LOCALHOST', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '10.0.0.1', '128.0.0.1', 'localhost.example.com', '']) expect(isLoopbackHost(host), host).toBe(false);
  });

  it('reads the extra Host names a proxy forwards', () => {
    const config = readMcpConfig(['--http'], { ...tenant, MCP_HTTP_TOKEN: 'a'.repeat(32), MCP_ALLOWED_HOSTS: 'mcp.example.com, mcp.internal' });
    expect(config.http.allowedHosts).toEqual(['mcp.example.com', 'mcp.internal']);
  });
});
