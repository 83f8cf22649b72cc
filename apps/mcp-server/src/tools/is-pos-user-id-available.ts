import { posUserIdSchema } from '@washops/operations/schemas';
import { z } from 'zod';
import { refreshField } from '../schemas/backoffice.js';
import { backofficeOf } from '../services.js';
import { defineTool } from '../tool.js';
import { availabilityAnnotations, availabilityOutput, sayAvailability } from './availability-shared.js';

export const isPosUserIdAvailable = defineTool({
  name: 'is_pos_user_id_available',
  area: 'backoffice',
  title: 'Is a POS user id free?',
  description:
    'Tells whether a POS user id (the number an employee signs in to the POS with) is unused. Disabled employees keep their id, so it ' +
    'counts as used. Check before create_employee.',
  inputSchema: z.object({ posUserId: posUserIdSchema.describe('The POS user id to check'), refresh: refreshField }),
  outputSchema: availabilityOutput,
  annotations: availabilityAnnotations,
  async run({ posUserId, refresh }, services, { signal }) {
    return { value: String(posUserId), available: await backofficeOf(services).isPosUserIdAvailable(posUserId, { refresh, signal }) };
  },
  render: sayAvailability('POS user id'),
});
