import { z } from 'zod';
import { looseBoolean, looseInt, looseNumber, optionalString } from '../../internal/coerce.js';
import type { ClockEntry, Employee, EmployeeListItem } from '../types.js';
import { idString, listOf, nullable, vendorDate, vendorDateTime } from './common.js';

/** One row of `GET /employee`. */
export const EmployeeListItemSchema = z.object({
  employeeId: looseInt,
  firstName: z.string(),
  lastName: z.string(),
}) satisfies z.ZodType<EmployeeListItem>;

/** `GET /employee/{id}`: `employeeId` a number (the document's example a string); `startDateChange` null live (§9.7). */
export const EmployeeSchema = z.object({
  employeeId: looseInt,
  firstName: z.string(),
  lastName: z.string(),
  active: looseBoolean,
  startDate: nullable(vendorDate),
  startDateChange: nullable(vendorDate),
  phone: nullable(idString),
  email: optionalString,
}) satisfies z.ZodType<Employee>;

export const EmployeeResponseSchema = z.object({ data: EmployeeSchema });

/** One entry as the API nests it in a week (the client adds `employeeId` and `week` when it flattens the weeks). */
export const ClockEntrySchema = z.object({
  clockIn: nullable(vendorDateTime),
  clockOut: nullable(vendorDateTime),
  regularRate: looseNumber,
  regularHours: looseNumber,
  overtimeEligible: looseBoolean,
  overtimeRate: looseNumber,
  overtimeHours: looseNumber,
  wasModified: looseBoolean,
  modificationTimestamp: nullable(vendorDateTime),
  wasCreatedInBackOffice: looseBoolean,
  siteCode: optionalString,
}) satisfies z.ZodType<Omit<ClockEntry, 'employeeId' | 'week'>>;

/** `GET /employee/{id}/clock-entries`: `{ weeks: [{ week, clockEntries }] }`, not paginated. */
export const ClockEntriesResponseSchema = z.object({
  data: z.object({
    weeks: listOf(
      z.object({
        week: z.string(),
        clockEntries: listOf(ClockEntrySchema),
      }),
    ),
  }),
});
