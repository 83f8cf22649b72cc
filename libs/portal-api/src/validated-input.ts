import { z } from 'zod';

/** A refinement that runs `schema` over the value and reports its issues at their field paths. */
export function checkedBy(schema: z.ZodType) {
  return (value: unknown, ctx: z.RefinementCtx): void => {
    const result = schema.safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)) });
    }
  };
}

/**
 * Validates an input with a client's own schema but hands the procedure the input as given. The
 * clients parse their input again, and their schemas transform (money to cents, phones to digits):
 * passing the parsed output back in would be parsed twice. Issues keep their field paths.
 */
export function validatedInput<S extends z.ZodType>(schema: S) {
  return z.custom<z.input<S>>().superRefine(checkedBy(schema));
}
