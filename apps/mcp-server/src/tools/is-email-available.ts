import { emailSchema } from '@washops/operations/schemas';
import { z } from 'zod';
import { refreshField } from '../schemas/backoffice.js';
import { backofficeOf } from '../services.js';
import { defineTool } from '../tool.js';
import { availabilityAnnotations, availabilityOutput, sayAvailability } from './availability-shared.js';

export const isEmailAvailable = defineTool({
  name: 'is_email_available',
  area: 'backoffice',
  title: 'Is an email free?',
  description: 'Tells whether no employee uses an email address (compared case-insensitively). Check before create_employee.',
  inputSchema: z.object({ email: emailSchema.describe('The email to check'), refresh: refreshField }),
  outputSchema: availabilityOutput,
  annotations: availabilityAnnotations,
  async run({ email, refresh }, services, { signal }) {
    return { value: email, available: await backofficeOf(services).isEmailAvailable(email, { refresh, signal }) };
  },
  render: sayAvailability('Email'),
});
