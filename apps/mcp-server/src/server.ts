import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ClientLog } from './client-log.js';
import { tenantNames } from './completion.js';
import { createMcpLogger, type McpLogger } from './log.js';
import { allPrompts } from './prompts/index.js';
import { registerPromptDefinition, selectPrompts, type PromptDefinition } from './prompts/prompt.js';
import { allResources } from './resources/index.js';
import { registerResourceDefinition, selectResources, type ResourceDefinition } from './resources/resource.js';
import { serveSubscriptions } from './resources/subscriptions.js';
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
  /** How often a subscribed sync status is read again (default 30 s). */
  syncStatusPollMs?: number;
}

let defaultLogger: McpLogger | undefined;

/** Whether the services this tool calls are there: its area's, and the audited operations for a write. */
function servicesPresent(tool: ToolDefinition, services: ToolServices): boolean {
  if (!tool.annotations.readOnlyHint && !services.operations) return false;
  if (tool.area === 'backoffice') return services.backoffice !== undefined;
  if (tool.area === 'transactions') return services.transactions !== undefined;
  if (tool.area === 'bulk') return services.bulk !== undefined;
  if (tool.area === 'warehouse') return services.warehouse !== undefined;
  if (tool.area === 'reports') return services.reports !== undefined;
  if (tool.area === 'kpis') return services.kpis !== undefined;
  if (tool.area === 'resources') return services.resources !== undefined;
  return services.audit !== undefined;
}

/** The tools this configuration exposes: only areas that are configured, and only reads in read-only mode. */
export function selectTools(options: CreateServerOptions): ToolDefinition[] {
  return allTools.filter((tool) => servicesPresent(tool, options.services) && (!options.readOnly || tool.annotations.readOnlyHint));
}

/** The prompts this configuration lists: those whose tools it registers. */
export function selectPromptsFor(options: CreateServerOptions): PromptDefinition[] {
  return selectPrompts(allPrompts, selectTools(options));
}

/** The resources and resource templates this configuration lists: those whose tools it registers. */
export function selectResourcesFor(options: CreateServerOptions): ResourceDefinition[] {
  return selectResources(allResources, selectTools(options));
}

/** One factory for both entries (stdio and streamable HTTP). */
export function createServer(options: CreateServerOptions): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION },
    {
      // Prompts, resources and completions are declared as they are registered: a configuration without them lists none.
      capabilities: { tools: {}, logging: {} },
      instructions:
        "WashOps tools for one Sonny's Carwash Controls tenant. Back Office tools manage employees and Back Office users; " +
        'transaction tools read sales from the Data API; query_transactions answers from the synced warehouse (sync_status shows what is synced), and the report tools ' +
        '(sales_report, mix_report, membership_report, tender_report, hourly_report, staff_report, compare_periods) sum it by site, region or chain; kpi_summary, membership_churn, cohort_retention and labor_report give the operator\'s numbers (cars, sales, conversion, churn, cohorts, labor) with the freshness of their data; list_customers, get_customer, list_memberships, list_gift_cards, list_clock_entries and the other resource tools answer customers, memberships, washbooks, gift cards, items, the time clock and sales outcomes, each saying whether it comes from the warehouse or live; list_audit_events shows who changed what and how it ended. Check ' +
        'availability before creating an employee; list sites, departments and permissions to learn valid names. ' +
        'Prompts (onboard_employee, offboard_employee, give_raise, weekly_site_review, month_end_export, investigate_transaction, membership_health) start those tasks step by step; ' +
        'washops:// resources hold the site tree, departments, permission templates, the Data API sites, the definitions of the operator\'s numbers, the sync status, one employee and one transaction. ' +
        'Warnings (a permission fallback, a rate-limit wait) also arrive as log messages.',
    },
  );
  const logger = options.logger ?? (defaultLogger ??= createMcpLogger());
  const clientLog = new ClientLog(server);
  for (const tool of selectTools(options)) registerToolDefinition(server, tool, options.services, logger, clientLog);
  const names = tenantNames(options.services, logger);
  for (const prompt of selectPromptsFor(options)) registerPromptDefinition(server, prompt, names);
  const resources = selectResourcesFor(options);
  for (const resource of resources) registerResourceDefinition(server, resource, options.services, names, clientLog, logger);
  if (resources.length > 0) serveSubscriptions(server, { services: options.services, resources, syncStatusPollMs: options.syncStatusPollMs ?? 30_000, logger });
  return server;
}
