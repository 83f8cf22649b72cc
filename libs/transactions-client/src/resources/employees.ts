import type { z } from 'zod';
import type { Requester } from '../internal/requester.js';
import { pathFor } from '../internal/transport.js';
import type { EmployeesResource } from './resource-objects.js';
import { listResource } from './list-resource.js';
import { ClockEntriesResponseSchema, EmployeeListItemSchema, EmployeeResponseSchema } from './models/employees.js';
import { EmployeeIdSchema, MAX_PAGE_SIZE } from './params/common.js';
import { dateChunks, RANGE_LIMIT_DAYS } from './params/dates.js';
import { ClockEntryParamsSchema, EmployeeListParamsSchema } from './params/employees.js';
import type { ClockEntry, ClockEntryParams } from './types.js';

/** Employees and their time clock: `GET /employee`, `GET /employee/{id}`, `GET /employee/{id}/clock-entries`. */
export function employeesResource(requester: Requester): EmployeesResource {
  // The document lists no paging parameters for `/employee`, yet its answer has offset, limit and total; the Python
  // client pages it, and so do we (a server that ignores them sends everything on page 1, and the short page ends it).
  const lists = listResource(requester, (params: Record<string, never> = {}) => {
    requester.parse(EmployeeListParamsSchema, params, 'employee list params');
    return { path: '/employee', query: {}, itemsKey: 'employees', item: EmployeeListItemSchema, pageSize: MAX_PAGE_SIZE.employees };
  });
  return {
    ...lists,
    async get(employeeId, options = {}) {
      const id = requester.parse(EmployeeIdSchema, employeeId, 'employee id');
      const body = await requester.call({ method: 'GET', path: pathFor('/employee/{id}', { id }) }, EmployeeResponseSchema, options.signal);
      return body.data;
    },
    async clockEntries(employeeId, params: ClockEntryParams, options = {}) {
      const id = requester.parse(EmployeeIdSchema, employeeId, 'employee id');
      const p = requester.parse(ClockEntryParamsSchema, params satisfies z.input<typeof ClockEntryParamsSchema>, 'clock entry params');
      const path = pathFor('/employee/{id}/clock-entries', { id });
      const entries: ClockEntry[] = [];
      const seen = new Set<string>();
      for (const chunk of dateChunks(p.startDate, p.endDate, RANGE_LIMIT_DAYS.clockEntries)) {
        const body = await requester.call({ method: 'GET', path, query: { ...chunk } }, ClockEntriesResponseSchema, options.signal);
        for (const { week, clockEntries } of body.data.weeks) {
          for (const entry of clockEntries) {
            // The site-code header may not filter clock entries (contract §5), so the client does.
            if (p.siteCode !== undefined && entry.siteCode !== p.siteCode) continue;
            // A shift across two chunks' boundary may come back in both answers; count it once.
            const key = JSON.stringify(entry);
            if (seen.has(key)) continue;
            seen.add(key);
            entries.push({ employeeId: Number(id), week, ...entry });
          }
        }
      }
      return entries;
    },
  };
}
