import { z } from 'zod';

/** What the three availability tools share. */
export const availabilityOutput = z.object({ value: z.string(), available: z.boolean() });
export const availabilityAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true } as const;
export const sayAvailability = (what: string) => (out: { value: string; available: boolean }) =>
  out.available ? `${what} ${out.value} is free.` : `${what} ${out.value} is already used by an employee (active or disabled).`;
