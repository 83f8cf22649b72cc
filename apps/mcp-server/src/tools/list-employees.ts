import { z } from 'zod';
import { employeeSummarySchema, refreshField } from '../schemas/backoffice.js';
import { backofficeOf } from '../services.js';
import { defineTool } from '../tool.js';

export const listEmployees = defineTool({
  name: 'list_employees',
  area: 'backoffice',
  title: 'List employees',
  description:
    'Lists employees from the roster: name, POS user id, phone, site codes, departments, POS access and whether active. ' +
    'Filter by status and by `search` (matches the start of the first or last name, or the POS user id). Results stop at maxResults.',
  inputSchema: z.object({
    active: z.enum(['active', 'inactive', 'all']).default('active').describe('Which employees (default active)'),
    search: z.string().trim().min(1).optional().describe('Start of a first or last name, or a POS user id'),
    maxResults: z.number().int().min(1).max(500).default(50).describe('Stop after this many (default 50, at most 500)'),
    refresh: refreshField,
  }),
  outputSchema: z.object({
    employees: z.array(employeeSummarySchema),
    matched: z.number().int(),
    truncated: z.boolean(),
    note: z.string().optional(),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run({ active, search, maxResults, refresh }, services, { signal }) {
    const all = await backofficeOf(services).listEmployees({ active, refresh, signal });
    const needle = search?.toLowerCase();
    const matched = needle
      ? all.filter(
          (e) => e.firstName.toLowerCase().startsWith(needle) || e.lastName.toLowerCase().startsWith(needle) || String(e.posUserId ?? '') === needle,
        )
      : all;
    const truncated = matched.length > maxResults;
    return {
      employees: matched.slice(0, maxResults),
      matched: matched.length,
      truncated,
      ...(truncated ? { note: `Showing ${maxResults} of ${matched.length}. Add a search, or raise maxResults (at most 500).` } : {}),
    };
  },
  render: (out) =>
    `${out.matched} employee(s)${out.truncated ? `, showing ${out.employees.length}` : ''}:\n` +
    out.employees
      .map((e) => `- ${e.firstName} ${e.lastName}, POS ${e.posUserId ?? '—'}, ${e.active ? 'active' : 'disabled'}, ${e.access}, sites ${e.siteCodes.join('/') || '—'}`)
      .join('\n'),
});
