import { templateNameSchema } from '@washops/operations/schemas';
import { z } from 'zod';
import { backofficeTemplateAppliedSchema } from '../schemas/backoffice.js';
import { keyedToolInputFrom } from '../schemas/derive.js';
import { operationsOf } from '../services.js';
import { defineTool } from '../tool.js';
import { backofficeUserKey, warningLines } from './employee-keys.js';

export const applyBackofficeTemplate = defineTool({
  name: 'apply_backoffice_template',
  area: 'backoffice',
  title: 'Apply a Back Office template to a user',
  description:
    'Gives a Back Office user (userId or username from list_backoffice_users; exactly one) a Back Office permission template from ' +
    'list_permissions (scope "backoffice"), e.g. "General User". It REPLACES all of the user\'s permission tokens with the ' +
    'template\'s; the user\'s accessible sites stay as they are. Verified by reading the permissions back. Safe to repeat. Use it ' +
    'for a user whose create_backoffice_user result says the template was not applied. Cannot disable a Back Office user.',
  inputSchema: keyedToolInputFrom(backofficeUserKey, z.strictObject({ template: templateNameSchema }), {}, {
    template: 'Back Office template name from list_permissions, e.g. "General User"',
  }),
  outputSchema: backofficeTemplateAppliedSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  async run(input, services, { signal }) {
    return operationsOf(services).applyBackofficeTemplate(backofficeUserKey.split(input).key, input.template, { signal });
  },
  render: (out) =>
    [
      `Back Office user "${out.username}" (${out.userId}) now has the template "${out.template}"; verified. Accessible sites kept: ` +
        `${out.accessibleSites === 'all' ? 'all' : out.accessibleSites.join(', ')}.`,
      ...warningLines(out.warnings),
    ].join('\n'),
});
