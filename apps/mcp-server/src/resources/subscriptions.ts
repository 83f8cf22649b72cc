import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { errorForLog, type McpLogger } from '../log.js';
import type { ToolServices } from '../services.js';
import { onChange } from './changes.js';
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import { isTemplate, type ResourceDefinition } from './resource.js';
import { syncStatusResource } from './sync-status.js';

export interface SubscriptionOptions {
  services: ToolServices;
  /** The resources and templates this server lists: a client may subscribe to any URI among them (an employee's is told when a write changed it). */
  resources: readonly ResourceDefinition[];
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
  const fixed = new Set(options.resources.flatMap((resource) => (isTemplate(resource) ? [] : [resource.uri])));
  const templates = options.resources.flatMap((resource) => (isTemplate(resource) ? [new UriTemplate(resource.uriTemplate)] : []));
  const listed = (uri: string) => fixed.has(uri) || templates.some((template) => template.match(uri) !== null);
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
    if (!listed(uri)) {
      const choices = [...fixed, ...options.resources.flatMap((resource) => (isTemplate(resource) ? [resource.uriTemplate] : []))];
      throw new McpError(ErrorCode.InvalidParams, `Cannot subscribe to "${uri}": subscribe to one of ${choices.join(', ')}.`);
    }
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
