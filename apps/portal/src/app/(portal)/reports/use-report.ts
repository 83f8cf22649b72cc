'use client';

import type { ReportKind } from '@washops/operations';
import { skipToken, useQuery } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useTRPC } from '../../../trpc/client';
import { requestOf, type ReportFilters } from './filters';

/** Only a server or network failure is worth asking again; a range not synced or a bad filter stays so. */
export function worthRetrying(failures: number, error: unknown): boolean {
  const status = error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
  return (status === undefined || status >= 500) && failures < 2;
}

/** One report for the page's filters (none while the filters are invalid). */
export function useReport<K extends ReportKind>(kind: K, filters: ReportFilters | null) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.reports.run.queryOptions(filters ? requestOf(filters, kind) : skipToken),
    // Reports read rollups of synced days: a minute's staleness costs nothing, and "back" shows the last view at once.
    staleTime: 60_000,
    retry: worthRetrying,
  });
}
