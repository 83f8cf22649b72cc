import { DateRangeError, ValidationError, formatIssues, redactString } from '@washops/shared-errors';

/** A custom schema issue with `params: { code: DATE_RANGE_ISSUE }` marks a reversed or too-long date range. */
export const DATE_RANGE_ISSUE = 'washops_date_range';

interface SchemaIssue {
  code?: string;
  path: PropertyKey[];
  message: string;
  params?: Record<string, unknown>;
}

/** Any zod schema (3 or 4): structural, so this package needs no zod at run time. */
export interface InputSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: SchemaIssue[] } };
}

/**
 * Validates input before anything is sent. Failures are a `ValidationError` listing every issue, or a
 * `DateRangeError` when every problem is with the date range; messages are redacted.
 */
export function parseInput<T>(schema: InputSchema<T>, input: unknown, what = 'input'): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const details = {
    issues: issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: redactString(issue.message) })),
  };
  const isRange = (issue: SchemaIssue): boolean => issue.code === 'custom' && issue.params?.['code'] === DATE_RANGE_ISSUE;
  if (issues.length > 0 && issues.every(isRange)) {
    const message = issues.map((issue) => issue.message).join('; ');
    throw new DateRangeError(redactString(message), { details, cause: result.error });
  }
  throw new ValidationError(`Invalid ${what}: ${redactString(formatIssues(issues))}`, { details, cause: result.error });
}
