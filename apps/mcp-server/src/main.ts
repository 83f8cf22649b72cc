#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { McpConfigError, isLoopbackHost, readMcpConfig } from './config.js';
import { startMcpHttpServer } from './http.js';
import { createMcpLogger, errorForLog } from './log.js';
import { createServer, selectTools } from './server.js';
import { createServices } from './services-factory.js';

// stdout belongs to the protocol on stdio: every log line goes to stderr, redacted.
const log = createMcpLogger();

async function main(): Promise<void> {
  let config;
  try {
    config = readMcpConfig(process.argv.slice(2));
  } catch (error) {
    if (error instanceof McpConfigError) {
      process.stderr.write(`washops-mcp: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }

  const running = await createServices(config, log);
  const options = { services: running.services, readOnly: config.readOnly, logger: log };
  const toolNames = selectTools(options).map((t) => t.name);
  log.info({ connectedTo: running.description, readOnly: config.readOnly, tools: toolNames }, 'starting');

  let stopHttp: (() => Promise<void>) | undefined;
  if (config.transport === 'stdio') {
    await createServer(options).connect(new StdioServerTransport());
  } else {
    const http = await startMcpHttpServer({
      host: config.http.host,
      port: config.http.port,
      token: config.http.token!,
      allowedOrigins: config.http.allowedOrigins,
      allowedHosts: config.http.allowedHosts,
      allowRemote: config.http.allowRemote,
      serverFactory: () => createServer(options),
      log: (message) => log.warn(message),
    });
    stopHttp = http.close;
    if (!isLoopbackHost(config.http.host)) log.warn({ host: config.http.host }, 'bound beyond loopback (--allow-remote): serve this port only through TLS');
    log.info({ url: http.url }, 'listening (send Authorization: Bearer $MCP_HTTP_TOKEN)');
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
