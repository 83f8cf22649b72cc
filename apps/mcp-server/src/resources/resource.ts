import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { toPublicError } from '@washops/shared-errors';
import type { z } from 'zod';
import type { Complete, TenantNames } from '../completion.js';
import type { ClientLog } from '../client-log.js';
import type { McpLogger } from '../log.js';
import type { ToolServices } from '../services.js';
import type { ToolDefinition } from '../tool.js';
import { failedToolResult } from '../tool-result.js';

export type ResourceMimeType = 'application/json' | 'text/markdown';

interface ResourceBase {
  name: string;
  title: string;
  description: string;
  mimeType: ResourceMimeType;
  /** The tools whose reads it shows: the resource is listed only when every one of them is registered. */
  uses: readonly ToolDefinition[];
}

/** A resource at one fixed URI. */
export interface FixedResource extends ResourceBase {
  uri: string;
  read(services: ToolServices, signal: AbortSignal): Promise<string>;
}

/** Resources under a URI template, one per value of its variables. */
export interface TemplateResource extends ResourceBase {
  uriTemplate: string;
  /** Completers of its variables. */
  complete?(names: TenantNames): Record<string, Complete>;
  read(variables: Record<string, string>, services: ToolServices, signal: AbortSignal): Promise<string>;
}

export type ResourceDefinition = FixedResource | TemplateResource;

export const isTemplate = (resource: ResourceDefinition): resource is TemplateResource => 'uriTemplate' in resource;

/** The resources whose tools this configuration registers. */
export function selectResources(resources: readonly ResourceDefinition[], tools: readonly ToolDefinition[]): ResourceDefinition[] {
  return resources.filter((resource) => resource.uses.every((tool) => tools.includes(tool)));
}

/** A tool's answer, as the resource shows it: the tool's own run and output schema, so both read alike. */
export async function toolRead<I extends z.ZodObject, O extends z.ZodObject>(
  tool: ToolDefinition<I, O>,
  input: z.input<I>,
  services: ToolServices,
  signal: AbortSignal,
): Promise<z.output<O>> {
  const parsed = tool.inputSchema.safeParse(input);
  if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, `Invalid resource address: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  return tool.outputSchema.parse(await tool.run(parsed.data, services, { signal, reportProgress: async () => {} }));
}

export const json = (value: unknown): string => JSON.stringify(value, null, 2);

/**
 * A failed read as the protocol's error: logged and worded as a failed tool call is (public message, secrets
 * masked, the reference of the log line that keeps the original error).
 */
function readError(logger: McpLogger, name: string, error: unknown): McpError {
  if (error instanceof McpError) return error;
  const { content } = failedToolResult(logger, `resource:${name}`, error);
  const text = content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  return new McpError(toPublicError(error).code === 'NOT_FOUND' ? ErrorCode.InvalidParams : ErrorCode.InternalError, text);
}

export function registerResourceDefinition(
  server: McpServer,
  definition: ResourceDefinition,
  services: ToolServices,
  names: TenantNames,
  clientLog: ClientLog,
  logger: McpLogger,
): void {
  const metadata = { title: definition.title, description: definition.description, mimeType: definition.mimeType };
  const contents = (uri: URL, text: string): ReadResourceResult => ({ contents: [{ uri: uri.href, mimeType: definition.mimeType, text }] });
  if (!isTemplate(definition)) {
    server.registerResource(definition.name, definition.uri, metadata, async (uri, extra) => {
      try {
        return contents(uri, await clientLog.during(extra, () => definition.read(services, extra.signal)));
      } catch (error) {
        throw readError(logger, definition.name, error);
      }
    });
    return;
  }
  const template = new ResourceTemplate(definition.uriTemplate, { list: undefined, ...(definition.complete ? { complete: definition.complete(names) } : {}) });
  server.registerResource(definition.name, template, metadata, async (uri, variables, extra) => {
    const values = Object.fromEntries(Object.entries(variables).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value]));
    try {
      return contents(uri, await clientLog.during(extra, () => definition.read(values, services, extra.signal)));
    } catch (error) {
      throw readError(logger, definition.name, error);
    }
  });
}
