import { z } from 'zod';

type Shape = z.core.$ZodShape;
type Fronts<S extends Shape> = { [K in keyof S]?: z.ZodType };
type Descriptions<S extends Shape> = { [K in keyof S]?: string };
type DerivedShape<S extends Shape, F extends Fronts<S>> = Omit<S, keyof F> & { [K in keyof F]: Exclude<F[K], undefined> };

const issueKey = (issue: { path?: readonly PropertyKey[] | undefined; message?: string | undefined }) =>
  `${(issue.path ?? []).map(String).join('.')}|${issue.message ?? ''}`;

/** A check that adds the issues `rule` finds in the value (those not already reported), changing nothing. */
function issuesOf(rule: z.ZodType) {
  return (payload: z.core.ParsePayload) => {
    const result = rule.safeParse(payload.value);
    if (result.success) return;
    const known = new Set(payload.issues.map(issueKey));
    for (const issue of result.error.issues) {
      if (!known.has(issueKey(issue))) payload.issues.push({ code: 'custom', message: issue.message, path: issue.path, input: payload.value });
    }
  };
}

/**
 * A tool's input schema derived from a client's: the client's own field schemas, so the model sees the
 * client's limits; `fronts` for the few fields whose client input is not one JSON type (money as a number
 * or a string, a `Date` or a string), which take one type here, check it with the client's field rule and
 * pass the value on unchanged; and the client's whole schema run on the result, so every client rule,
 * cross-field ones included, refuses here too, with the client's message, before the tool runs. The client
 * parses the value again: what it gets is the input or its own idempotent normalising (trimmed text, phone digits).
 */
export function toolInputFrom<S extends Shape, F extends Fronts<S>>(
  clientSchema: z.ZodObject<S>,
  fronts: F,
  descriptions: Descriptions<S>,
): z.ZodObject<DerivedShape<S, F>, z.core.$strict> {
  const clientShape = clientSchema.shape as unknown as Record<string, z.ZodType>;
  const shape: Record<string, z.ZodType> = { ...clientShape };
  for (const [key, front] of Object.entries(fronts as Record<string, z.ZodType>)) {
    const rule = clientShape[key];
    if (!rule) throw new Error(`The client schema has no field "${key}" to take a JSON-typed front for.`);
    shape[key] = front.check(issuesOf(rule));
  }
  for (const [key, text] of Object.entries(descriptions as Record<string, string | undefined>)) {
    if (text !== undefined && shape[key]) shape[key] = shape[key].describe(text);
  }
  const derived = z.strictObject(shape).check(issuesOf(clientSchema));
  return derived as unknown as z.ZodObject<DerivedShape<S, F>, z.core.$strict>;
}
