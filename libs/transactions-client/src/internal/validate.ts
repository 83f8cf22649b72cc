import { DATE_RANGE_ISSUE, parseInput, type InputSchema } from '@washops/client-core';
import { DateRangeError } from '@washops/shared-errors';

/**
 * `parseInput` for inputs with a date range, where one bad range can raise several issues (a start and
 * an end both past the look-back): when every issue is a date-range one, it is still a `DateRangeError`.
 */
export function parseDatedInput<T>(schema: InputSchema<T>, input: unknown, what: string): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues;
  if (issues.length > 1 && issues.every((issue) => issue.code === 'custom' && issue.params?.['code'] === DATE_RANGE_ISSUE)) {
    const details = { issues: issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })) };
    throw new DateRangeError(issues.map((issue) => issue.message).join('; '), { details, cause: result.error });
  }
  return parseInput(schema, input, what);
}
