import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { errorForLog, type McpLogger } from '../log.js';
import type { ToolServices } from '../services.js';
import { onChange } from './changes.js';
import type { FixedResource } from './resource.js';
import { syncStatusResource } from './sync-status.js';

export interface SubscriptionOptions {
  services: ToolServices;
  /** The fixed resources this server lists: the ones a client may subscribe to. */
  resources: readonly FixedResource[];
  /** How often the sync status is read again while someone is subscribed to it. */
  syncStatusPollMs: number;
  logger: McpLogger;
}

/** What of the sync status counts as a change: everything but the request budget in use, which moves every few seconds while workers run. */
function statusFingerprint(text: string): string {
  const status = JSON.parse(text) as { budget?: { inUse?: number } };
  if (status.budget) status.budget.inUse = 0;
  return JSON.stringify(status);
}

/**
 * `resources/subscribe` and `resources/unsubscribe` for this server's client: a discovery list is announced
 * when a tool refreshed its cache (the process-wide change feed); the sync status, written by workers in other
 * processes, is read again every `syncStatusPollMs` while subscribed (a database read, no vendor request).
 */
export function serveSubscriptions(server: McpServer, options: SubscriptionOptions): void {
  server.server.registerCapabilities({ resources: { subscribe: true } });
  const subscribed = new Set<string>();
  const known = new Set(options.resources.map((resource) => resource.uri));
  const notify = (uri: string) => {
    if (subscribed.has(uri)) server.server.sendResourceUpdated({ uri }).catch(() => {});
  };
  const stopFeed = onChange(notify);

  let poll: NodeJS.Timeout | undefined;
  let lastStatus: string | undefined;
  const readStatus = async (): Promise<string | undefined> => {
    try {
      return statusFingerprint(await syncStatusResource.read(options.services, AbortSignal.timeout(options.syncStatusPollMs * 4)));
    } catch (error) {
      options.logger.warn({ resource: syncStatusResource.uri, error: errorForLog(error) }, 'sync status could not be read for its subscribers');
      return undefined;
    }
  };
  const startPolling = async () => {
    if (poll) return;
    lastStatus = await readStatus();
    poll = setInterval(() => {
      void readStatus().then((status) => {
        if (status === undefined || status === lastStatus) return;
        lastStatus = status;
        notify(syncStatusResource.uri);
      });
    }, options.syncStatusPollMs);
    poll.unref();
  };
  const stopPolling = () => {
    clearInterval(poll);
    poll = undefined;
  };

  server.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    const { uri } = request.params;
    if (!known.has(uri)) throw new McpError(ErrorCode.InvalidParams, `Cannot subscribe to "${uri}": subscribe to one of ${[...known].join(', ')}.`);
    subscribed.add(uri);
    if (uri === syncStatusResource.uri) await startPolling();
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    subscribed.delete(request.params.uri);
    if (!subscribed.has(syncStatusResource.uri)) stopPolling();
    return {};
  });
  const previousOnClose = server.server.onclose;
  server.server.onclose = () => {
    previousOnClose?.();
    stopFeed();
    stopPolling();
  };
}
