import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createMcpLogger, type McpLogger } from './log.js';
import type { ToolServices } from './services.js';
import { registerToolDefinition, type ToolDefinition } from './tool.js';
import { allTools } from './tools/index.js';

export const SERVER_NAME = 'washops';
export const SERVER_VERSION = '0.1.0';

export interface CreateServerOptions {
  services: ToolServices;
  /** Register only the tools that change nothing. */
  readOnly?: boolean;
  /** Where failed tool calls are logged; by default the redacting stderr logger. */
  logger?: McpLogger;
}

let defaultLogger: McpLogger | undefined;

/** The tools this configuration exposes: only areas with a client, and only reads in read-only mode. */
export function selectTools(options: CreateServerOptions): ToolDefinition[] {
  return allTools.filter((tool) => {
    if (tool.area === 'backoffice' && !options.services.backoffice) return false;
    if (tool.area === 'transactions' && !options.services.transactions) return false;
    return !options.readOnly || tool.annotations.readOnlyHint;
  });
}

/** One factory for both entries (stdio and streamable HTTP). */
export function createServer(options: CreateServerOptions): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION },
    {
      capabilities: { tools: {} },
      instructions:
        "WashOps tools for one Sonny's Carwash Controls tenant. Back Office tools manage employees and Back Office users; " +
        'transaction tools read sales from the Data API. Check availability before creating an employee; list sites, ' +
        'departments and permissions to learn valid names.',
    },
  );
  const logger = options.logger ?? (defaultLogger ??= createMcpLogger());
  for (const tool of selectTools(options)) registerToolDefinition(server, tool, options.services, logger);
  return server;
}
