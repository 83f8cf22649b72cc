import { parseInput } from '@washops/client-core';
import { refreshOptionsSchema, type RefreshOptions, type Site } from '../schemas.js';
import type { OperationContext } from './context.js';

/** Every site the bot user sees, in the tenant's order, with its region and district (from `/employee/create`). */
export async function listSites(ctx: OperationContext, options: RefreshOptions = {}): Promise<Site[]> {
  const { refresh } = parseInput(refreshOptionsSchema, options);
  const form = await ctx.createForm(refresh);
  const regions = new Map(form.tree.regions.map((r) => [r.id, r.name]));
  const districts = new Map(form.tree.districts.map((d) => [d.id, d.name]));
  return form.sites.map((site) => ({
    id: site.id,
    name: site.name,
    code: site.code,
    regionId: site.regionId,
    regionName: site.regionId === null ? null : (regions.get(site.regionId) ?? null),
    districtId: site.districtId,
    districtName: site.districtId === null ? null : (districts.get(site.districtId) ?? null),
  }));
}
