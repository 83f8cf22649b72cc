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

/** The client's field schemas, with one JSON type per `fronts` field and the descriptions a model reads. */
function derivedShape(clientSchema: z.ZodObject, fronts: Record<string, z.ZodType>, descriptions: Record<string, string | undefined>): Record<string, z.ZodType> {
  const clientShape = clientSchema.shape as unknown as Record<string, z.ZodType>;
  const shape: Record<string, z.ZodType> = { ...clientShape };
  for (const [field, front] of Object.entries(fronts)) {
    const rule = clientShape[field];
    if (!rule) throw new Error(`The client schema has no field "${field}" to take a JSON-typed front for.`);
    shape[field] = front.check(issuesOf(rule));
  }
  for (const [field, text] of Object.entries(descriptions)) {
    if (text !== undefined && shape[field]) shape[field] = shape[field].describe(text);
  }
  return shape;
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
  const derived = z.strictObject(derivedShape(clientSchema, fronts as Record<string, z.ZodType>, descriptions)).check(issuesOf(clientSchema));
  return derived as unknown as z.ZodObject<DerivedShape<S, F>, z.core.$strict>;
}

/* ------------------------------------------------------------------ keys */

type KeyUnion = z.ZodUnion<readonly z.ZodObject[]>;
type OptionShape<U extends KeyUnion> = U['options'][number]['shape'];
type KeysOfEach<T> = T extends unknown ? keyof T : never;
type FieldOf<T, K extends PropertyKey> = T extends { [P in K]: infer V extends z.ZodType } ? V : never;
/** `{ a } | { b }` as `{ a?, b? }`. */
export type FlatKeyShape<U extends KeyUnion> = { [K in KeysOfEach<OptionShape<U>> & string]: z.ZodOptional<FieldOf<OptionShape<U>, K>> };

/** A client's key union (`{ employeeId } | { posUserId }`) as flat tool fields, exactly one of them given. */
export interface ToolKey<U extends KeyUnion> {
  shape: FlatKeyShape<U>;
  fields: readonly string[];
  /** Adds an issue unless exactly one key field is given. */
  check(payload: z.core.ParsePayload): void;
  /** The client's key (the one key field given) and the other fields of a parsed tool input, absent ones dropped. */
  split<T extends object>(input: T): { key: z.output<U>; rest: Omit<T, keyof FlatKeyShape<U>> };
}

/**
 * The flat fields of a key union, each the client's own field schema made optional (a change to the client's rule
 * reaches the tool), and "give exactly one" checked on the object. Each option of the union has exactly one field.
 */
export function toolKeyFrom<U extends KeyUnion>(keySchema: U, descriptions: { [K in keyof FlatKeyShape<U>]: string }): ToolKey<U> {
  const shape: Record<string, z.ZodType> = {};
  for (const option of keySchema.options) {
    const entries = Object.entries(option.shape as Record<string, z.ZodType>);
    if (entries.length !== 1) throw new Error('Each option of a key union must have exactly one field.');
    const [field, rule] = entries[0]!;
    shape[field] = rule.optional().describe((descriptions as Record<string, string>)[field]!);
  }
  const fields = Object.keys(shape);
  const message = `give exactly one of ${fields.join(' and ')}`;
  return {
    shape: shape as unknown as FlatKeyShape<U>,
    fields,
    check(payload) {
      const value = payload.value as Record<string, unknown>;
      if (fields.filter((field) => value[field] !== undefined).length !== 1) payload.issues.push({ code: 'custom', message, path: [], input: payload.value });
    },
    split(input) {
      const key: Record<string, unknown> = {};
      const rest: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(input)) {
        if (value !== undefined) (fields.includes(field) ? key : rest)[field] = value;
      }
      return { key: key as z.output<U>, rest: rest as never };
    },
  };
}

/** A tool input that is a key only (a read or a write of one thing). */
export function toolKeyInput<U extends KeyUnion>(key: ToolKey<U>): z.ZodObject<FlatKeyShape<U>, z.core.$strict> {
  return z.strictObject(key.shape).check((payload) => key.check(payload as z.core.ParsePayload)) as unknown as z.ZodObject<FlatKeyShape<U>, z.core.$strict>;
}

/**
 * A keyed write's tool input: the key's flat fields beside the fields derived from the client's schema (as
 * toolInputFrom derives them); the client's whole-object rules see the non-key fields only.
 */
export function keyedToolInputFrom<U extends KeyUnion, S extends Shape, F extends Fronts<S>>(
  key: ToolKey<U>,
  clientSchema: z.ZodObject<S>,
  fronts: F,
  descriptions: Descriptions<S>,
): z.ZodObject<FlatKeyShape<U> & DerivedShape<S, F>, z.core.$strict> {
  const shape = derivedShape(clientSchema, fronts as Record<string, z.ZodType>, descriptions);
  const clash = key.fields.find((field) => field in shape);
  if (clash) throw new Error(`The key field "${clash}" is also a field of the client schema.`);
  const derived = z
    .strictObject({ ...(key.shape as unknown as Record<string, z.ZodType>), ...shape })
    .check((payload) => key.check(payload as z.core.ParsePayload))
    .check(issuesOf(clientSchema, (value) => key.split(value as object).rest));
  return derived as unknown as z.ZodObject<FlatKeyShape<U> & DerivedShape<S, F>, z.core.$strict>;
}
