import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { addDays, mondayOf } from '@washops/store';
import { z } from 'zod';
import type { TenantNames } from '../completion.js';
import type { ToolDefinition } from '../tool.js';

/** A prompt's arguments: strings, as the protocol sends them, each described and many completable. */
export type PromptArgs = Record<string, z.ZodType<string | undefined>>;

export interface PromptDefinition<A extends PromptArgs = PromptArgs> {
  name: string;
  title: string;
  description: string;
  /** The tools its text tells the model to call: the prompt is listed only when every one of them is. */
  uses: readonly ToolDefinition[];
  /** The arguments, completed from the tenant's names. */
  args(names: TenantNames): A;
  /** The user message that starts the conversation. */
  text(args: z.output<z.ZodObject<A>>): string;
}

/** Identity, for type inference in each prompt's file. */
export function definePrompt<A extends PromptArgs>(definition: PromptDefinition<A>): PromptDefinition<A> {
  return definition;
}

/** The prompts whose tools this configuration registers (none in read-only mode that would write, none without their services). */
export function selectPrompts(prompts: readonly PromptDefinition[], tools: readonly ToolDefinition[]): PromptDefinition[] {
  return prompts.filter((prompt) => prompt.uses.every((tool) => tools.includes(tool)));
}

export function registerPromptDefinition(server: McpServer, definition: PromptDefinition, names: TenantNames): void {
  server.registerPrompt(
    definition.name,
    { title: definition.title, description: definition.description, argsSchema: definition.args(names) as never },
    ((args: Record<string, string | undefined>): GetPromptResult => ({
      description: definition.description,
      messages: [{ role: 'user', content: { type: 'text', text: definition.text(args as never) } }],
    })) as never,
  );
}

/** `YYYY-MM`. */
export const isoMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month written YYYY-MM');

/** The ISO week (Monday to Sunday) holding `day`. */
export function isoWeekOf(day: string): { from: string; to: string } {
  const from = mondayOf(day);
  return { from, to: addDays(from, 6) };
}

/** How the scope arguments read in a prompt: a site, a region, or the whole chain. */
export function scopeWords(args: { site?: string | undefined; region?: string | undefined }): { words: string; toolArgs: string } {
  if (args.site) return { words: `the site "${args.site}"`, toolArgs: `sites: ["${args.site}"]` };
  if (args.region) return { words: `the region "${args.region}"`, toolArgs: `region: "${args.region}"` };
  return { words: 'the whole chain', toolArgs: 'no sites or region (every site)' };
}

/** A tool's name as the prompt text names it. */
export const toolName = (tool: ToolDefinition): string => `\`${tool.name}\``;
