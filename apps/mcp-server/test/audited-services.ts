import { BackofficeClient } from '@washops/backoffice-client';
import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import { backofficeConnectionOf, bulkChanges, Operations, type BulkChanges } from '@washops/operations';
import { openStore, type Store } from '@washops/store';
import type { McpLogger } from '../src/log.js';
import type { ToolServices } from '../src/services.js';

export interface AuditedServices {
  /** The in-memory store the writes are audited in. */
  store: Store;
  /** The bulk engine the bulk tools use, over the same store and operations. */
  bulk: BulkChanges;
  /** The Back Office tools' services acting as `actorName` on the `mcp` channel, as `createServices` builds them. */
  servicesFor(actorName?: string): ToolServices;
  /** Closes the client and the store. */
  close(): Promise<void>;
}

/** The operations over a test's own client and an in-memory store: the write tools then run as in the server. */
export async function auditedServicesOver(client: BackofficeClient, logger?: McpLogger): Promise<AuditedServices> {
  const store = await openStore({ inMemory: true });
  const connection = backofficeConnectionOf(client);
  const operations = new Operations({ store, backoffice: connection, ...(logger ? { logger } : {}) });
  const bulk = bulkChanges({ store, operations, backoffice: connection, ...(logger ? { logger } : {}) });
  return {
    store,
    bulk,
    servicesFor: (actorName = 'test') => ({ backoffice: connection.reads, audit: store.audit, operations: operations.as({ channel: 'mcp', name: actorName }), bulk }),
    close: async () => {
      await connection.close();
      await store.close();
    },
  };
}

export interface AuditedBackoffice extends AuditedServices {
  bo: BackofficeSimulator;
  /** Runs `then` once, as soon as the client has the answer to its next `METHOD /path` request (to arm a fault for what follows). */
  afterNext(request: string, then: () => void): void;
}

/** A BackOffice simulator and audited services over a client of it that does not retry (one injected fault is one failure). */
export async function startAuditedBackoffice(bot: { username: string; password: string }, logger?: McpLogger): Promise<AuditedBackoffice> {
  const bo = await startBackofficeSimulator({ port: 0, users: [bot] });
  const waiting = new Map<string, () => void>();
  const watchingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const request = `${init?.method ?? 'GET'} ${new URL(input instanceof Request ? input.url : input).pathname}`;
    const then = waiting.get(request);
    waiting.delete(request);
    then?.();
    return response;
  };
  const client = new BackofficeClient({ subdomain: 'demo', ...bot, baseUrl: bo.url, getRetries: 0, fetch: watchingFetch });
  const audited = await auditedServicesOver(client, logger);
  return {
    ...audited,
    bo,
    afterNext: (request, then) => void waiting.set(request, then),
    close: async () => {
      await audited.close();
      await bo.close();
    },
  };
}
