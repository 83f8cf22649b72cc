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

/** One factory for both entries (stdio and streamable HTTP). */
export function createServer(options: CreateServerOptions): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION },
    {
      capabilities: { tools: {} },
      instructions:
        "WashOps tools for one Sonny's Carwash Controls tenant. Back Office tools manage employees and Back Office users; " +
        'transaction tools read sales from the Data API; query_transactions answers from the synced warehouse (sync_status shows what is synced), and the report tools ' +
        '(sales_report, mix_report, membership_report, tender_report, hourly_report, staff_report, compare_periods) sum it by site, region or chain; kpi_summary, membership_churn, cohort_retention and labor_report give the operator\'s numbers (cars, sales, conversion, churn, cohorts, labor) with the freshness of their data; list_customers, get_customer, list_memberships, list_gift_cards, list_clock_entries and the other resource tools answer customers, memberships, washbooks, gift cards, items, the time clock and sales outcomes, each saying whether it comes from the warehouse or live; list_audit_events shows who changed what and how it ended. Check ' +
        'availability before creating an employee; list sites, departments and permissions to learn valid names.',
    },
  );
  const logger = options.logger ?? (defaultLogger ??= createMcpLogger());
  for (const tool of selectTools(options)) registerToolDefinition(server, tool, options.services, logger);
  return server;
}
