import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  it("masks customers' contact details unless --allow-personal-data or WASHOPS_MCP_ALLOW_PERSONAL_DATA=1 says otherwise; another value stops start-up", () => {
    expect(readMcpConfig([], tenant).allowPersonalData).toBe(false);
    expect(readMcpConfig(['--allow-personal-data'], tenant).allowPersonalData).toBe(true);
    expect(readMcpConfig([], { ...tenant, WASHOPS_MCP_ALLOW_PERSONAL_DATA: '1' }).allowPersonalData).toBe(true);
    expect(readMcpConfig([], { ...tenant, WASHOPS_MCP_ALLOW_PERSONAL_DATA: 'TRUE' }).allowPersonalData).toBe(true);
    expect(readMcpConfig([], { ...tenant, WASHOPS_MCP_ALLOW_PERSONAL_DATA: '0' }).allowPersonalData).toBe(false);
    expect(() => readMcpConfig([], { ...tenant, WASHOPS_MCP_ALLOW_PERSONAL_DATA: 'yes' })).toThrow(/must be 1 or true/);
  });

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

  it('reads the Data API through the shared reader: base URL, time scale and sandbox; half a credential or a bad value stops start-up without showing it', () => {
    const simulated = readMcpConfig([], { DATA_API_ID: 'washu', DATA_API_KEY: 'k', DATA_API_BASE_URL: 'http://127.0.0.1:4120/v1', DATA_API_TIME_SCALE: '0.01' });
    expect(simulated.transactions).toEqual({ apiId: 'washu', apiKey: 'k', environment: 'production', baseUrl: 'http://127.0.0.1:4120/v1', timeScale: 0.01 });
    expect(readMcpConfig([], { ...tenant, DATA_API_ENVIRONMENT: 'sandbox' }).transactions).toMatchObject({ environment: 'sandbox', baseUrl: 'https://sandboxapi.sonnyscontrols.com/v1' });
    expect(() => readMcpConfig([], { ...tenant, DATA_API_ID: '' })).toThrow(McpConfigError);
    expect(() => readMcpConfig([], { ...tenant, DATA_API_ID: '' })).toThrow(/DATA_API_ID/);
    expect(() => readMcpConfig([], { ...tenant, DATA_API_TIME_SCALE: '5' })).toThrow(/DATA_API_TIME_SCALE/);
    expect(() => readMcpConfig([], { ...tenant, DATA_API_ENVIRONMENT: 'staging' })).toThrow(/DATA_API_ENVIRONMENT must be production or sandbox/);
    const refused = (() => {
      try {
        readMcpConfig([], { ...tenant, DATA_API_KEY: 'api-key-canary', DATA_API_BASE_URL: 'ftp://host-canary', DATA_API_ENVIRONMENT: 'staging' });
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(refused).toContain('DATA_API_BASE_URL');
    expect(refused).not.toMatch(/canary|staging/);
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
    expect(readMcpConfig(['--http'], { ...tenant, MCP_HTTP_TOKEN: 'x'.repeat(32) }).http.tokens).toEqual([{ name: 'http', token: 'x'.repeat(32) }]);
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

  it('names MCP_HTTP_TOKEN by MCP_HTTP_TOKEN_NAME (default http) and reads several named tokens from MCP_HTTP_TOKENS', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((letter) => letter.repeat(40)) as [string, string, string];
    expect(readMcpConfig(['--http'], { ...tenant, MCP_HTTP_TOKEN: a, MCP_HTTP_TOKEN_NAME: 'claude-desktop' }).http.tokens).toEqual([
      { name: 'claude-desktop', token: a },
    ]);
    // A base64 token may end in "=": only the first one separates the name.
    const several = readMcpConfig(['--http'], { ...tenant, MCP_HTTP_TOKENS: ` ops-bot=${b} , nightly-sync=${c}== ` }).http.tokens;
    expect(several).toEqual([
      { name: 'ops-bot', token: b },
      { name: 'nightly-sync', token: `${c}==` },
    ]);
    const both = readMcpConfig(['--http'], { ...tenant, MCP_HTTP_TOKEN: a, MCP_HTTP_TOKENS: `ops-bot=${b}` }).http.tokens;
    expect(both.map((t) => t.name)).toEqual(['http', 'ops-bot']);
    // Outside --http no token is read.
    expect(readMcpConfig([], { ...tenant, MCP_HTTP_TOKENS: 'broken' }).http.tokens).toEqual([]);
  });

  it('refuses named tokens that are short, nameless, over-long, repeated or shared, naming the token but never showing it', () => {
    const long = 'k'.repeat(48);
    const refusals: Array<[Record<string, string>, RegExp]> = [
      [{ MCP_HTTP_TOKENS: `ops-bot=${long},nightly=short-token-canary` }, /"nightly" has 18 characters; at least 32/],
      [{ MCP_HTTP_TOKENS: `=${long}` }, /empty name/],
      [{ MCP_HTTP_TOKENS: `ops-bot=${long},ops-bot=${'m'.repeat(48)}` }, /Two bearer tokens are named "ops-bot"/],
      [{ MCP_HTTP_TOKEN: long, MCP_HTTP_TOKENS: `http=${'m'.repeat(48)}` }, /Two bearer tokens are named "http"/],
      [{ MCP_HTTP_TOKENS: `ops-bot=${long},nightly=${long}` }, /"nightly" is the same as another one/],
      [{ MCP_HTTP_TOKENS: `${'n'.repeat(201)}=${long}` }, /longer than 200 characters/],
      [{ MCP_HTTP_TOKENS: `ops-bot${long}` }, /Entry 1 of MCP_HTTP_TOKENS has no "="/],
      [{ MCP_HTTP_TOKEN_NAME: 'ops-bot' }, /MCP_HTTP_TOKEN_NAME is set but MCP_HTTP_TOKEN is not/],
    ];
    for (const [env, message] of refusals) {
      let error: unknown;
      try {
        readMcpConfig(['--http'], { ...tenant, ...env });
      } catch (caught) {
        error = caught;
      }
      expect(error, JSON.stringify(Object.keys(env))).toBeInstanceOf(McpConfigError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain(long);
      expect((error as Error).message).not.toContain('short-token-canary');
    }
  });

  it('writes the audit log to DATABASE_URL, else WASHOPS_DATA_DIR, else the repo\'s .washops/; a demo with neither keeps it in memory', () => {
    const url = 'postgres://washops:pw@db.internal:5432/washops';
    expect(readMcpConfig([], { ...tenant, DATABASE_URL: url, WASHOPS_DATA_DIR: '/var/lib/washops' }).database).toEqual({ databaseUrl: url });
    expect(readMcpConfig([], { ...tenant, WASHOPS_DATA_DIR: '/var/lib/washops' }).database).toEqual({ dataDir: '/var/lib/washops' });
    expect(readMcpConfig([], { ...tenant, WASHOPS_DATA_DIR: 'relative/data' }).database).toEqual({ dataDir: resolve('relative/data') });
    expect(readMcpConfig([], tenant).database).toEqual({ dataDir: fileURLToPath(new URL('../../../.washops', import.meta.url)) });
    expect(readMcpConfig(['--demo'], {}).database).toEqual({ inMemory: true });
    expect(readMcpConfig(['--demo'], { WASHOPS_DATA_DIR: '/var/lib/washops' }).database).toEqual({ dataDir: '/var/lib/washops' });
    expect(readMcpConfig(['--demo'], { DATABASE_URL: url }).database).toEqual({ databaseUrl: url });
  });

  it('serves HTTP with sessions in the database unless --stateless or MCP_HTTP_STATELESS=1; reads their lifetime and bound per token', () => {
    const http = { MCP_HTTP_TOKEN: 'x'.repeat(32) };
    const sessions = readMcpConfig(['--http', '--demo'], http).http;
    expect([sessions.stateless, sessions.sessionIdleMinutes, sessions.sessionsPerToken]).toEqual([false, 60, 16]);
    expect(readMcpConfig(['--http', '--demo', '--stateless'], http).http.stateless).toBe(true);
    expect(readMcpConfig(['--http', '--demo'], { ...http, MCP_HTTP_STATELESS: 'true' }).http.stateless).toBe(true);
    expect(readMcpConfig(['--http', '--demo'], { ...http, MCP_HTTP_STATELESS: '0' }).http.stateless).toBe(false);
    expect(() => readMcpConfig(['--http', '--demo'], { ...http, MCP_HTTP_STATELESS: 'yes' })).toThrow(/MCP_HTTP_STATELESS/);
    expect(() => readMcpConfig(['--demo', '--stateless'], {})).toThrow(/--stateless only applies with --http/);
    const limits = readMcpConfig(['--http', '--demo'], { ...http, MCP_SESSION_IDLE_MINUTES: '15', MCP_SESSIONS_PER_TOKEN: '4' }).http;
    expect([limits.sessionIdleMinutes, limits.sessionsPerToken]).toEqual([15, 4]);
    for (const bad of ['0', '-1', '1.5', 'ten']) {
      expect(() => readMcpConfig(['--http', '--demo'], { ...http, MCP_SESSIONS_PER_TOKEN: bad })).toThrow(/MCP_SESSIONS_PER_TOKEN must be a whole number/);
      expect(() => readMcpConfig(['--http', '--demo'], { ...http, MCP_SESSION_IDLE_MINUTES: bad })).toThrow(/MCP_SESSION_IDLE_MINUTES must be a whole number/);
    }
  });

  it('reads the extra Host names a proxy forwards', () => {
    const config = readMcpConfig(['--http'], { ...tenant, MCP_HTTP_TOKEN: 'a'.repeat(32), MCP_ALLOWED_HOSTS: 'mcp.example.com, mcp.internal' });
    expect(config.http.allowedHosts).toEqual(['mcp.example.com', 'mcp.internal']);
  });
});
