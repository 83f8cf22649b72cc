'use client';

import { skipToken, useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../trpc/client';
import { worthRetrying } from '../reports/use-report';
import { requestOf, type MembershipFilters } from './filters';

/** The members' numbers for the page's filters (none until the range is in the URL); the plan filters the answer, not the request. */
export function useMemberships(filters: MembershipFilters | null) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.kpis.memberships.queryOptions(filters ? requestOf(filters) : skipToken),
    // Members' numbers read synced windows: a minute's staleness costs nothing, and "back" shows the last view at once.
    staleTime: 60_000,
    retry: worthRetrying,
  });
}
