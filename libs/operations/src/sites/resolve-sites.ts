import type { Site } from '@washops/backoffice-client';
import { ValidationError } from '@washops/shared-errors';
import type { BackofficeReads } from '../connection.js';

// One reading of "which sites" for every channel: the explorer, exports, the sync's ranges, reports and the MCP
// tools. Pure (types only from the clients): the portal's bundle imports it through `@washops/operations/sites`.

/** Which sites a range names: some by code, a BackOffice region's, or every site (`undefined`). */
export interface SiteChoice {
  sites?: readonly string[] | undefined;
  region?: string | undefined;
}

/** Codes of the Data API's own site list: it may have sites the BackOffice tree has not (an online store). */
export type DataApiSiteCodes = () => Promise<ReadonlyArray<{ code: string | null }>>;

/** The BackOffice site tree as `listSites` gives it (only what resolving needs). */
export type SiteTree = ReadonlyArray<Pick<Site, 'code' | 'regionId' | 'regionName'>>;

/** The tree's sites in a region named by its name (any case) or its id. */
export function sitesOfRegion<S extends SiteTree[number]>(tree: readonly S[], region: string): S[] {
  const wanted = region.trim().toLowerCase();
  return tree.filter((site) => site.code && (site.regionName?.toLowerCase() === wanted || String(site.regionId) === wanted));
}

/** As `resolveSiteCodes`, over a site tree the caller has read already. */
export async function resolveSiteCodesInTree(tree: SiteTree, choice: SiteChoice, dataApiSites?: DataApiSiteCodes): Promise<string[] | undefined> {
  if (!choice.sites && !choice.region) return undefined;
  if (choice.sites) {
    // Codes are matched in any case and given back as the tree spells them (`BurbT2`).
    const known = new Map(tree.flatMap((site) => (site.code ? [[site.code.toUpperCase(), site.code] as const] : [])));
    const outsideTree = choice.sites.some((code) => !known.has(code.trim().toUpperCase()));
    if (outsideTree && dataApiSites) {
      for (const site of await dataApiSites()) if (site.code && !known.has(site.code.toUpperCase())) known.set(site.code.toUpperCase(), site.code);
    }
    const unknown = choice.sites.filter((code) => !known.has(code.trim().toUpperCase()));
    if (unknown.length > 0) {
      throw new ValidationError(`Unknown site${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`, { details: { field: 'sites' } });
    }
    return [...new Set(choice.sites.map((code) => known.get(code.trim().toUpperCase()) as string))];
  }
  const inRegion = sitesOfRegion(tree, choice.region ?? '');
  if (inRegion.length === 0) {
    throw new ValidationError(`No site with a code is in the region "${choice.region}".`, { details: { field: 'region' } });
  }
  return inRegion.map((site) => site.code as string);
}

/**
 * The site codes of a choice, checked against the BackOffice's site tree (its codes are the Data
 * API's) and, for a code the tree lacks, the Data API's own site list: an unknown code or a region
 * without sites is refused before anything runs. A region is matched by its name (any case) or its
 * id. No choice: `undefined`, every site.
 */
export async function resolveSiteCodes(
  backoffice: Pick<BackofficeReads, 'listSites'>,
  choice: SiteChoice,
  signal?: AbortSignal,
  dataApiSites?: DataApiSiteCodes,
): Promise<string[] | undefined> {
  if (!choice.sites && !choice.region) return undefined;
  return resolveSiteCodesInTree(await backoffice.listSites(signal ? { signal } : {}), choice, dataApiSites);
}
