import { z } from 'zod';

type Shape = z.core.$ZodShape;
type Fronts<S extends Shape> = { [K in keyof S]?: z.ZodType };
type Descriptions<S extends Shape> = { [K in keyof S]?: string };
type DerivedShape<S extends Shape, F extends Fronts<S>> = Omit<S, keyof F> & { [K in keyof F]: Exclude<F[K], undefined> };

const issueKey = (issue: { path?: readonly PropertyKey[] | undefined; message?: string | undefined }) =>
  `${(issue.path ?? []).map(String).join('.')}|${issue.message ?? ''}`;

/**
 * A check that adds the issues `rule` finds in the value (those not already reported), changing nothing;
 * `select` picks the part of the value the rule is about.
 */
export function issuesOf(rule: z.ZodType, select: (value: unknown) => unknown = (value) => value) {
  return (payload: z.core.ParsePayload) => {
    const result = rule.safeParse(select(payload.value));
    if (result.success) return;
    const known = new Set(payload.issues.map(issueKey));
    for (const issue of result.error.issues) {
      if (!known.has(issueKey(issue))) payload.issues.push({ code: 'custom', message: issue.message, path: issue.path, input: payload.value });
    }
  };
}

/**
 * A tool's input schema from a client's: its field schemas, one JSON type per `fronts` field, and the whole client
 * schema as a refinement, so every client rule refuses before the tool runs (README, "The tools").
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
