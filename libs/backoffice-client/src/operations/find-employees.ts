import { parseInput } from '@washops/client-core';
import { AmbiguousMatchError, NotFoundError } from '@washops/shared-errors';
import { parseRoster, rosterSearchPath } from '../pages/roster.js';
import { findEmployeesQuerySchema, type EmployeeSummary, type FindEmployeesQuery } from '../schemas.js';
import type { OperationContext } from './context.js';
import { employeeSummaryOf } from './list-employees.js';

/** Phones are compared on their last ten digits, so a leading country code does not matter. */
const lastTen = (digits: string): string => digits.slice(-10);

/** The roster's own name and status filters, then the phone on its digits: every match, in the roster's order. */
export async function findEmployees(ctx: OperationContext, raw: FindEmployeesQuery): Promise<EmployeeSummary[]> {
  const query = parseInput(findEmployeesQuerySchema, raw, 'query');
  const rows = parseRoster(await ctx.getPage(rosterSearchPath(query)));
  const phone = query.phone === undefined ? undefined : lastTen(query.phone);
  return rows.filter((row) => phone === undefined || lastTen(row.phoneDigits) === phone).map(employeeSummaryOf);
}

/** Exactly one employee: none is a NotFoundError, several an AmbiguousMatchError listing their POS user ids. */
export async function findEmployee(ctx: OperationContext, raw: FindEmployeesQuery): Promise<EmployeeSummary> {
  const query = parseInput(findEmployeesQuerySchema, raw, 'query');
  const matches = await findEmployees(ctx, query);
  const described = describeQuery(query);
  const [first, ...others] = matches;
  if (!first) throw new NotFoundError(`No employee matches ${described}`, { details: { query: { ...query } } });
  if (others.length === 0) return first;
  // The roster matches name prefixes: "Jordan New" also finds "Jordan Newman"; the one named exactly wins (§7).
  const exact = matches.filter((m) => namedExactly(m, query));
  if (exact.length === 1 && exact[0]) return exact[0];
  const posUserIds = matches.map((m) => m.posUserId).filter((id): id is number => id !== null);
  const narrow =
    query.phone === undefined
      ? 'give their phone number (or a longer name) to narrow it to one'
      : 'the phone did not narrow it to one: pick one by its POS user id';
  throw new AmbiguousMatchError(`${matches.length} employees match ${described} (POS user ids ${posUserIds.join(', ')}); ${narrow}`, {
    details: { posUserIds, employeeIds: matches.map((m) => m.employeeId), query: { ...query } },
  });
}

function describeQuery(query: { firstName?: string | undefined; lastName?: string | undefined; phone?: string | undefined; active: string }): string {
  const parts: string[] = [];
  if (query.firstName !== undefined) parts.push(`first name starting '${query.firstName}'`);
  if (query.lastName !== undefined) parts.push(`last name starting '${query.lastName}'`);
  if (query.phone !== undefined) parts.push(`phone ${query.phone}`);
  if (query.active !== 'all') parts.push(`status ${query.active}`);
  return parts.join(', ');
}

const nameKey = (name: string): string => name.trim().toLowerCase();

/** Whether the employee's names equal the query's given names (trimmed, case-folded); false when it gives none. */
function namedExactly(employee: EmployeeSummary, query: FindEmployeesQuery): boolean {
  if (query.firstName === undefined && query.lastName === undefined) return false;
  return (
    (query.firstName === undefined || nameKey(employee.firstName) === nameKey(query.firstName)) &&
    (query.lastName === undefined || nameKey(employee.lastName) === nameKey(query.lastName))
  );
}
