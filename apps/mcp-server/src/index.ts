export { createServer, selectTools, SERVER_NAME, SERVER_VERSION, type CreateServerOptions } from './server.js';
export { matchToken, startMcpHttpServer, tokenMatches, type McpHttpHandle, type McpHttpOptions } from './http.js';
export { DEFAULT_SESSION_IDLE_TTL_MS, DEFAULT_SESSIONS_PER_TOKEN, type McpSessionSettings } from './http-sessions.js';
export { McpConfigError, mcpEnvDocs, readMcpConfig, type McpConfig, type NamedToken } from './config.js';
export { allTools } from './tools/index.js';
export { failedToolResult, toolErrorResult } from './tool-result.js';
export { createMcpLogger, errorForLog, type McpLogger } from './log.js';
export type { ToolDefinition, ToolAnnotations } from './tool.js';
export type { AuditReads, ToolServices } from './services.js';
