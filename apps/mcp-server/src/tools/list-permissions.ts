import { z } from 'zod';
import { permissionSchema, refreshField } from '../schemas/backoffice.js';
import { backofficeOf } from '../services.js';
import { defineTool } from '../tool.js';
import { PERMISSIONS_URI } from '../resources/uris.js';

export const listPermissions = defineTool({
  name: 'list_permissions',
  area: 'backoffice',
  title: 'List permission templates',
  description:
    'Lists the permission templates: POS templates (scope "pos", with the POS permission ids they grant) used by create_employee\'s ' +
    '`permission`, and Back Office templates (scope "backoffice", names only) used by create_backoffice_user. Use scope to list one kind.',
  inputSchema: z.object({
    scope: z.enum(['pos', 'backoffice', 'all']).default('all').describe('Which templates to list (default all)'),
    refresh: refreshField,
  }),
  outputSchema: z.object({ permissions: z.array(permissionSchema) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run({ scope, refresh }, services, { signal }) {
    return { permissions: await backofficeOf(services).listPermissions({ scope, refresh, signal }) };
  },
  refreshes: ({ refresh }) => (refresh ? [PERMISSIONS_URI] : []),
  render: ({ permissions }) => {
    const pos = permissions.filter((p) => p.scope === 'pos').map((p) => p.name);
    const bo = permissions.filter((p) => p.scope === 'backoffice').map((p) => p.name);
    return [pos.length ? `POS templates: ${pos.join(', ')}` : '', bo.length ? `Back Office templates: ${bo.join(', ')}` : '']
      .filter(Boolean)
      .join('\n') || 'No templates found.';
  },
});
