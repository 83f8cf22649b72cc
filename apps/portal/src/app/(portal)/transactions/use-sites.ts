'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTRPC } from '../../../trpc/client';

/** The Data API's sites, and a map from site id to the label rows show (code, else name). */
export function useSites() {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.transactions.sites.queryOptions(), staleTime: 10 * 60_000 });
  const labels = useMemo(
    () => new Map((query.data ?? []).map((site) => [site.siteId, site.code ?? site.name] as [number, string])),
    [query.data],
  );
  const options = useMemo(
    () =>
      (query.data ?? [])
        .filter((site): site is typeof site & { code: string } => site.code !== null)
        .map((site) => ({ value: site.code, label: `${site.code} · ${site.name}` }))
        .sort((a, b) => a.value.localeCompare(b.value)),
    [query.data],
  );
  return { query, labels, options };
}
