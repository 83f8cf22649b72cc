import { z } from 'zod';
import { refreshField } from '../schemas/backoffice.js';
import { backofficeOf } from '../services.js';
import { defineTool } from '../tool.js';
import { availabilityAnnotations, availabilityOutput, sayAvailability } from './availability-shared.js';

export const isPhoneAvailable = defineTool({
  name: 'is_phone_available',
  area: 'backoffice',
  title: 'Is a phone number free?',
  description:
    'Tells whether no employee uses a phone number. Symbols are ignored ("(555) 010-0001" equals "5550100001"); 9 or 10 digits. ' +
    'Check before create_employee.',
  inputSchema: z.object({ phone: z.string().min(1).describe('The phone number to check'), refresh: refreshField }),
  outputSchema: availabilityOutput,
  annotations: availabilityAnnotations,
  async run({ phone, refresh }, services, { signal }) {
    return { value: phone, available: await backofficeOf(services).isPhoneAvailable(phone, { refresh, signal }) };
  },
  render: sayAvailability('Phone'),
});
