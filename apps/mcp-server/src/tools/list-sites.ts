import { z } from 'zod';
import { refreshField, siteSchema } from '../schemas/backoffice.js';
import { backofficeOf } from '../services.js';
import { defineTool } from '../tool.js';
import { DEPARTMENTS_URI, SITES_URI } from '../resources/uris.js';

export const listSites = defineTool({
  name: 'list_sites',
  area: 'backoffice',
  title: 'List Back Office sites',
  description:
    'Lists the sites of the tenant as the Back Office knows them: long name, short code, and the region and district each belongs to. ' +
    'create_employee accepts a long name or a short code in availableSites. (For transaction site codes use list_transaction_sites.)',
  inputSchema: z.object({ refresh: refreshField }),
  outputSchema: z.object({ sites: z.array(siteSchema) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run({ refresh }, services, { signal }) {
    return { sites: await backofficeOf(services).listSites({ refresh, signal }) };
  },
  // The sites and the departments come from one Back Office page: a refresh reads both.
  refreshes: ({ refresh }) => (refresh ? [SITES_URI, DEPARTMENTS_URI] : []),
  render: ({ sites }) =>
    `${sites.length} site(s):\n` +
    sites.map((s) => `- ${s.name}${s.code ? ` (${s.code})` : ''}${s.regionName ? ` — ${s.regionName}${s.districtName ? ` / ${s.districtName}` : ''}` : ''}`).join('\n'),
});
