import { expect, type APIRequestContext } from '@playwright/test';

/** One tRPC call as the signed-in browser makes it (same origin), answering the procedure's data. */
export async function trpcCall<T>(request: APIRequestContext, baseURL: string | undefined, path: string, input: unknown): Promise<T> {
  const response = await request.post(`/api/trpc/${path}`, { data: input, headers: { origin: baseURL ?? '' } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

let serial = 0;

/** A new active employee through the portal's own procedure, unique in this run. */
export async function newEmployee(request: APIRequestContext, baseURL: string | undefined, firstName: string) {
  serial += 1;
  const stamp = (Date.now() % 10_000_000) * 10 + serial;
  const lastName = `Life${stamp}`;
  const created = await trpcCall<{ employeeId: number; posUserId: number }>(request, baseURL, 'employees.create', {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.life.${stamp}@example.com`,
    phone: `55${String(stamp).padStart(8, '0').slice(-8)}`,
    posUserId: 600_000 + (stamp % 300_000),
    wageRate: '15.00',
    startDate: new Date().toISOString().slice(0, 10),
    availableSites: 'all',
    permission: 'Cashier',
    departments: ['Cashier'],
  });
  return { ...created, name: `${firstName} ${lastName}` };
}
