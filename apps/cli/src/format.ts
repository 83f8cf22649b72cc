import type { PortalUserRecord } from '@washops/store';

/** `2026-03-01 10:00 UTC`: to the minute, in UTC, the same on every machine. */
export function minuteUtc(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Rows (the header first) as aligned columns, two spaces apart, without trailing blanks. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd()).join('\n');
}

/** The users as a table: username, role, active or disabled, last sign-in. */
export function usersTable(users: PortalUserRecord[]): string {
  return table([
    ['USERNAME', 'ROLE', 'STATUS', 'LAST SIGN-IN'],
    ...users.map((user) => [user.username, user.role, user.disabled ? 'disabled' : 'active', user.lastSignInAt ? minuteUtc(user.lastSignInAt) : 'never']),
  ]);
}

/** "1 session ended" / "3 sessions ended" / "" when none. */
export function sessionsEnded(count: number): string {
  if (count === 0) return '';
  return `; ${count} ${count === 1 ? 'session' : 'sessions'} signed out`;
}
