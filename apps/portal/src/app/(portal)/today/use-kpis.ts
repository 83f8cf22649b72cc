'use client';

import type { KpiRequest } from '@washops/operations/schemas';
import { skipToken, useQuery } from '@tanstack/react-query';
import { portalErrorOf } from '../../../components/errors';
import { useTRPC } from '../../../trpc/client';
import { worthRetrying } from '../reports/use-report';

/** The numbers read rollups of synced days: a minute's staleness costs nothing, and "back" shows the last view at once. */
const KPI_QUERY = { staleTime: 60_000, retry: worthRetrying } as const;

export function isNotSynced(error: unknown): boolean {
  return portalErrorOf(error).code === 'RANGE_NOT_SYNCED';
}

/** An answer asked for whole first; refused as not synced, asked again for what is synced (marked partial). */
export interface WholeOrPartial<T> {
  answer: T | undefined;
  /** The service's refusal of the whole range: its message names what to backfill. */
  refusal: unknown;
  /** Any other failure. */
  error: unknown;
  isPending: boolean;
  refetch: () => void;
}

/** What is read of a query's state. */
interface Asked<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  isPending: boolean;
  refetch: () => unknown;
}

function wholeOrPartial<T>(asked: boolean, whole: Asked<T>, partial: Asked<T>): WholeOrPartial<T> {
  const refused = whole.isError && isNotSynced(whole.error);
  return {
    answer: whole.data ?? (refused ? partial.data : undefined),
    refusal: refused ? whole.error : null,
    error: whole.isError && !refused ? whole.error : refused && partial.isError ? partial.error : null,
    isPending: asked && (whole.isPending || (refused && partial.isPending)),
    refetch: () => void (refused ? partial.refetch() : whole.refetch()),
  };
}

/** The partial request once the whole one is refused as not synced. */
const partialOf = (request: KpiRequest | null, whole: Asked<unknown>) =>
  request && whole.isError && isNotSynced(whole.error) ? { ...request, allowPartial: true } : skipToken;

/** Cars, sales, memberships sold and labor for a request (none while it is null). */
export function useKpiSummary(request: KpiRequest | null) {
  const trpc = useTRPC();
  const whole = useQuery({ ...trpc.kpis.summary.queryOptions(request ?? skipToken), ...KPI_QUERY });
  const partial = useQuery({ ...trpc.kpis.summary.queryOptions(partialOf(request, whole)), ...KPI_QUERY });
  return wholeOrPartial(request !== null, whole, partial);
}

/** Offers and conversions per employee for a request (none while it is null). */
export function useKpiAdvisors(request: KpiRequest | null) {
  const trpc = useTRPC();
  const whole = useQuery({ ...trpc.kpis.advisors.queryOptions(request ?? skipToken), ...KPI_QUERY });
  const partial = useQuery({ ...trpc.kpis.advisors.queryOptions(partialOf(request, whole)), ...KPI_QUERY });
  return wholeOrPartial(request !== null, whole, partial);
}

/** A summary asked for whole only (a comparison: a partial year-ago figure would make a false change). */
export function useWholeKpiSummary(request: KpiRequest | null) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.kpis.summary.queryOptions(request ?? skipToken), ...KPI_QUERY });
}
