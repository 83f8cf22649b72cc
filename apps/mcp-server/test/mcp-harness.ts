import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Writable } from 'node:stream';
import { expect } from 'vitest';
import { createMcpLogger } from '../src/log.js';
import { createServer } from '../src/server.js';
import type { ToolServices } from '../src/services.js';

// What the tool suites share: a server over `services` reached through the SDK's own client, in memory.

/** The server's logger writing nowhere. */
export const quiet = createMcpLogger(new Writable({ write: (_chunk, _encoding, done) => done() }));

export async function clientOver(services: ToolServices, readOnly = false, name = 'tools-test'): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name, version: '1' });
  await Promise.all([createServer({ services, readOnly, logger: quiet }).connect(serverSide), client.connect(clientSide)]);
  return client;
}

export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A result's text parts, joined. */
export const textOf = (result: CallToolResult): string => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

/** A successful result's structured content (the test fails with the result's text otherwise). */
export function structured<T>(result: CallToolResult): T {
  expect(result.isError, textOf(result)).toBeFalsy();
  return result.structuredContent as T;
}
