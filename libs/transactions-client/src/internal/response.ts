import { APIError, formatIssues } from '@washops/shared-errors';
import type { z } from 'zod';

/** Reads a response body with its model; a body that does not fit is an `APIError` naming the fields. */
export function parseResponse<S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 5);
  throw new APIError(`The Data API sent an unexpected response to ${what}: ${formatIssues(issues)}`, {
    details: { issues: issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })) },
  });
}
