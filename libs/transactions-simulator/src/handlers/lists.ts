/** `GET /transaction`, `/transaction/type/{item_type}` and `/transaction/version-2` (with its 10-minute cache). */
import { TYPE_BIT } from '../chain.js';
import { listItem, listItemV2 } from '../envelopes.js';
import { json, type Reply } from '../http.js';
import { parseItemType, parseListCriteria, selectSites } from '../validation.js';
import type { Ctx, Handler, SimState } from './context.js';
import { cachedReply, nullTotal } from './paging.js';

/** `/transaction/version-2` caches each response for 10 minutes per criteria (§1 "Server-side caching"). */
const V2_CACHE_TTL_MS = 10 * 60_000;

export const list: Handler = (state, ctx) => listResponse(state, ctx, undefined, false);

export const listByType: Handler = (state, ctx) => listResponse(state, ctx, TYPE_BIT[parseItemType(ctx.params['item_type'] ?? '')], false);

export const listV2: Handler = (state, ctx) => cachedReply(state, ctx, V2_CACHE_TTL_MS, () => listResponse(state, ctx, undefined, true));

function listResponse(state: SimState, ctx: Ctx, typeBit: number | undefined, v2: boolean): Reply {
  const { store, settings } = state;
  const sites = selectSites(ctx.query, ctx.caller.visible, true);
  const criteria = parseListCriteria(ctx.query, state.clock.now());
  const q = { sites, startMs: criteria.startMs, endMs: criteria.endMs, typeBit };
  const rows = store.page(q, criteria.offset, criteria.limit);
  const total = store.count(q);
  const shareKey = `${typeBit ?? ''}|${sites.map((s) => s.code).join(',')}|${criteria.startMs}|${criteria.endMs}`;
  return json(200, {
    data: {
      transactions: rows.map((r) => (v2 ? listItemV2(store.listRow(r), settings.realism) : listItem(store.listRow(r), settings.realism))),
      offset: criteria.offset,
      limit: criteria.limit,
      total: nullTotal(state, ctx.endpoint, shareKey) ? null : total,
    },
  });
}
