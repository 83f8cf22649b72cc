import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { z } from 'zod';
import type { ClientLog } from './client-log.js';
import type { McpLogger } from './log.js';
import { announceChange } from './resources/changes.js';
import type { ToolServices } from './services.js';
import { failedToolResult, isPartialFailure, toolErrorResult } from './tool-result.js';

/**
 * `bulk`: the bulk engine's tools (Back Office writes, many rows per call); `warehouse`: the synced transactions;
 * `reports`: the reports over them; `kpis`: the operator's numbers over them; `resources`: the Data API's other resources (customers, memberships, …).
 */
export type ToolArea = 'backoffice' | 'transactions' | 'audit' | 'bulk' | 'warehouse' | 'reports' | 'kpis' | 'resources';

/** All four hints, always explicit: clients decide about confirmation prompts from them. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolRunContext {
  signal: AbortSignal;
  /** Sends a progress notification when the caller asked for them (a no-op otherwise). */
  reportProgress(progress: number, total: number | undefined, message: string): Promise<void>;
}

export interface ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  area: ToolArea;
  title: string;
  description: string;
  inputSchema: I;
  outputSchema: O;
  annotations: ToolAnnotations;
  run(input: z.output<I>, services: ToolServices, context: ToolRunContext): Promise<z.input<O>>;
  /** A short human-readable rendering of the result, sent beside `structuredContent`. */
  render(output: z.output<O>): string;
  /** The resources (URIs) a successful call read afresh or changed: their subscribers are told. */
  refreshes?(input: z.output<I>, output: z.output<O>): readonly string[];
}

/** Identity, for type inference in each tool's file. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(definition: ToolDefinition<I, O>): ToolDefinition<I, O> {
  return definition;
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

function progressReporter(extra: Extra): ToolRunContext['reportProgress'] {
  const token = extra._meta?.progressToken;
  if (token === undefined) return async () => {};
  return async (progress, total, message) => {
    await extra.sendNotification({
      method: 'notifications/progress',
      params: { progressToken: token, progress, ...(total === undefined ? {} : { total }), message },
    });
  };
}

/** The warnings a result carries (a permission fallback, a Back Office user left enabled, …), if its schema has them. */
function warningsOf(output: unknown): string[] {
  const warnings = (output as { warnings?: unknown }).warnings;
  return Array.isArray(warnings) ? warnings.filter((warning): warning is string => typeof warning === 'string') : [];
}

/**
 * Registers one tool: errors become `isError` results with the public message and a reference to
 * the log line that keeps the original error, never a protocol error. With `clientLog`, the result's
 * warnings, a partial failure and what the clients warn about during the call (a rate-limit wait) are
 * also sent to the caller as log notifications.
 */
export function registerToolDefinition(server: McpServer, definition: ToolDefinition, services: ToolServices, logger: McpLogger, clientLog?: ClientLog): void {
  server.registerTool(
    definition.name,
    {
      title: definition.title,
      description: definition.description,
      inputSchema: definition.inputSchema,
      outputSchema: definition.outputSchema,
      annotations: { title: definition.title, ...definition.annotations },
    },
    (async (input: unknown, extra: Extra): Promise<CallToolResult> => {
      const tell = clientLog?.forRequest(extra);
      try {
        const run = () => definition.run(input as never, services, { signal: extra.signal, reportProgress: progressReporter(extra) });
        const output = definition.outputSchema.parse(clientLog ? await clientLog.during(extra, run) : await run());
        for (const warning of warningsOf(output)) tell?.('warning', { tool: definition.name }, warning);
        for (const uri of definition.refreshes?.(input as never, output) ?? []) announceChange(uri);
        return { content: [{ type: 'text', text: definition.render(output) }], structuredContent: output as Record<string, unknown> };
      } catch (error) {
        if (extra.signal.aborted) {
          // The caller cancelled: nobody reads this result, and nothing failed.
          logger.info({ tool: definition.name }, 'tool cancelled by the caller');
          return toolErrorResult(error);
        }
        const result = failedToolResult(logger, definition.name, error);
        if (isPartialFailure(error)) tell?.('error', { tool: definition.name }, result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n'));
        return result;
      }
    }) as never,
  );
}
