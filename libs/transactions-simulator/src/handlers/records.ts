/** `GET /site/list` and `GET /transaction/{trans_id}`: the caller's sites, and one transaction in full. */
import { transactionObject } from '../envelopes.js';
import { json } from '../http.js';
import { notFound, parseTransId, sixMonthsBefore } from '../validation.js';
import type { Handler } from './context.js';

export const siteList: Handler = (_state, { caller }) =>
  json(200, {
    data: {
      sites: caller.visible.map((s) => ({ siteID: s.siteId, code: s.code, name: s.name, timezone: s.timezone })),
    },
  });

export const get: Handler = ({ store, clock, settings }, { caller, params }) => {
  const transId = parseTransId(params['trans_id'] ?? '');
  // Only what has happened, within the six months the API serves.
  const now = clock.now();
  const row = store.find(transId, { fromMs: sixMonthsBefore(now), toMs: now });
  if (!row || !caller.visible.includes(row.site)) throw notFound('transactionNotFound');
  return json(200, { data: transactionObject(store.detail(row), settings.realism) });
};
