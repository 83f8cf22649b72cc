'use client';

import { emailSchema, phoneSchema, posUserIdSchema } from '@washops/portal-api/schemas';
import { skipToken, useQuery } from '@tanstack/react-query';
import { availabilityView } from '../../../../components/availability';
import { useDebounced } from '../../../../components/use-debounced';
import { wholeNumber, type EmployeeFormValues } from '../../../../forms/employee-form';
import { useTRPC } from '../../../../trpc/client';

/** The value when it passes the field's own schema, else null (nothing to check yet). */
function validOrNull<T>(parse: () => T): T | null {
  try {
    return parse();
  } catch {
    return null;
  }
}

/** Availability checks as the admin types: only values that pass the field's schema are asked about. */
export function useAvailability(values: Pick<EmployeeFormValues, 'posUserId' | 'email' | 'phone'>) {
  const trpc = useTRPC();
  const posCandidate = validOrNull(() => posUserIdSchema.parse(wholeNumber(values.posUserId)));
  const emailCandidate = validOrNull(() => emailSchema.parse(values.email).toLowerCase());
  const phoneCandidate = validOrNull(() => phoneSchema.parse(values.phone));
  const posSettled = useDebounced(posCandidate);
  const emailSettled = useDebounced(emailCandidate);
  const phoneSettled = useDebounced(phoneCandidate);
  const posCheck = useQuery(
    trpc.employees.isPosUserIdAvailable.queryOptions(posSettled !== null && posSettled === posCandidate ? { posUserId: posSettled } : skipToken),
  );
  const emailCheck = useQuery(
    trpc.employees.isEmailAvailable.queryOptions(emailSettled !== null && emailSettled === emailCandidate ? { email: emailSettled } : skipToken),
  );
  const phoneCheck = useQuery(
    trpc.employees.isPhoneAvailable.queryOptions(phoneSettled !== null && phoneSettled === phoneCandidate ? { phone: phoneSettled } : skipToken),
  );
  return {
    pos: availabilityView(posCandidate, posSettled, posCheck, 'POS user id'),
    email: availabilityView(emailCandidate, emailSettled, emailCheck, 'email'),
    phone: availabilityView(phoneCandidate, phoneSettled, phoneCheck, 'phone number'),
  };
}

export type Availability = ReturnType<typeof useAvailability>;
