'use client';

import type { ReactNode } from 'react';

/** The parts of a query result the view reads. */
interface CheckResult {
  isFetching: boolean;
  isError: boolean;
  data: { available: boolean } | undefined;
}

export interface AvailabilityView {
  /** A line under the field while checking or once free. */
  status: ReactNode;
  /** The field's error when the value is taken. */
  takenError: string | undefined;
}

/**
 * What an availability check says about a field: `current` is the valid value in the field now
 * (null when empty or malformed), `settled` the debounced one the query asked about.
 */
export function availabilityView<T>(
  current: T | null,
  settled: T | null,
  query: CheckResult,
  noun: string,
): AvailabilityView {
  if (current === null) return { status: null, takenError: undefined };
  if (settled !== current || query.isFetching) return { status: `Checking whether this ${noun} is free…`, takenError: undefined };
  if (query.isError) return { status: `Could not check this ${noun} now; it is checked again when you save.`, takenError: undefined };
  if (query.data?.available === false) return { status: null, takenError: `This ${noun} is already used by another employee.` };
  if (query.data?.available) return { status: <span className="available">This {noun} is free.</span>, takenError: undefined };
  return { status: null, takenError: undefined };
}
