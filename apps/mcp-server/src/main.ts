#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { registerSecret } from '@washops/shared-errors';
import { McpConfigError, isLoopbackHost, readMcpConfig, type McpConfig } from './config.js';
import { startMcpHttpServer } from './http.js';
import { createMcpLogger, errorForLog } from './log.js';
import { createServer, selectTools } from './server.js';
import { createServices, type RunningServices } from './services-factory.js';

// stdout belongs to the protocol on stdio: every log line goes to stderr, redacted.
const log = createMcpLogger();

/** The actor of every write made over stdio: one local client, started by whoever runs the process. */
const STDIO_ACTOR = 'stdio';

/** Configuration and the audit database: a problem with either stops start-up with one line (exit 2). */
async function start(): Promise<{ config: McpConfig; running: RunningServices }> {
  try {
    const config = readMcpConfig(process.argv.slice(2));
    for (const { token } of config.http.tokens) registerSecret(token);
    return { config, running: await createServices(config, log) };
  } catch (error) {
    if (error instanceof McpConfigError) {
      process.stderr.write(`washops-mcp: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const { config, running } = await start();
  const serverOptions = (actorName: string) => ({ services: running.servicesFor(actorName), readOnly: config.readOnly, logger: log });
  const tools = selectTools(serverOptions(STDIO_ACTOR)).map((t) => t.name);
  log.info({ connectedTo: running.description, readOnly: config.readOnly, tools }, 'starting');

  let stopHttp: (() => Promise<void>) | undefined;
  if (config.transport === 'stdio') {
    await createServer(serverOptions(STDIO_ACTOR)).connect(new StdioServerTransport());
  } else {
    const http = await startMcpHttpServer({
      host: config.http.host,
      port: config.http.port,
      tokens: config.http.tokens,
      allowedOrigins: config.http.allowedOrigins,
      allowedHosts: config.http.allowedHosts,
      allowRemote: config.http.allowRemote,
      serverFactory: (actorName) => createServer(serverOptions(actorName)),
      ...(config.http.stateless
        ? {}
        : { sessions: { queries: running.mcpSessions, idleTtlMs: config.http.sessionIdleMinutes * 60_000, maxPerToken: config.http.sessionsPerToken } }),
      log: (message) => log.warn(message),
    });
    stopHttp = http.close;
    if (!isLoopbackHost(config.http.host)) log.warn({ host: config.http.host }, 'bound beyond loopback (--allow-remote): serve this port only through TLS');
    const sessions = config.http.stateless
      ? 'stateless'
      : { inDatabase: true, idleMinutes: config.http.sessionIdleMinutes, mostPerName: config.http.sessionsPerToken }; // "token" in a key would be redacted
    log.info({ url: http.url, tokenNames: config.http.tokens.map((t) => t.name), sessions }, 'listening (send Authorization: Bearer <token>)');
  }

  const shutdown = async () => {
    await stopHttp?.();
    await running.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  if (config.transport === 'stdio') process.stdin.once('end', () => void shutdown());
}

main().catch((error: unknown) => {
  log.error({ error: errorForLog(error) }, 'failed to start');
  process.exit(1);
});
