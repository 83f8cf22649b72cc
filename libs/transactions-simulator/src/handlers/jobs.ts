/** `POST /transaction/load-job` and `GET /transaction/get-job-data`: one page of one site's day per job. */
import type { ChainSite } from '../chain.js';
import { DataApiError, jobItem } from '../envelopes.js';
import { JOB_FAULTS } from '../faults.js';
import { json } from '../http.js';
import type { Job } from '../jobs.js';
import { notFound, parseJobCriteria, selectSites, VALIDATION_RULES } from '../validation.js';
import type { Handler, SimState } from './context.js';

export const loadJob: Handler = (state, { caller, query }) => {
  const sites = selectSites(query, caller.visible, false);
  const criteria = parseJobCriteria(query, state.clock.now(), sites.length !== 1);
  const site = sites[0] as ChainSite;
  const { job } = state.jobs.submit(
    caller.credential.apiId,
    { site, startMs: criteria.startMs, endMs: criteria.endMs, page: criteria.offset, limit: criteria.limit },
    () => {
      const fault = state.faults.first('loadJob', (f) => JOB_FAULTS.includes(f.kind));
      return { fails: fault?.kind === 'jobFail', neverFinishes: fault?.kind === 'jobNeverFinishes' };
    },
  );
  return json(200, { data: { hash: job.hash } });
};

export const getJobData: Handler = (state, { caller, query }) => {
  const hash = query['hash'];
  if (hash === undefined || hash.trim() === '') throw DataApiError.validation([VALIDATION_RULES.hashMissing.message]);
  const job = state.jobs.find(caller.credential.apiId, hash.trim());
  if (!job) throw notFound('jobNotFound');
  const status = state.jobs.state(job);
  if (status !== 'pass') return json(200, { data: { hash: job.hash, status, data: [] } });
  return json(200, { data: jobResult(state, job) });
};

function jobResult({ store, settings }: SimState, job: Job): Record<string, unknown> {
  const { site, startMs, endMs, page, limit } = job.criteria;
  const q = { sites: [site], startMs, endMs };
  const total = store.count(q);
  if (total === 0 && settings.realism.nullJobPaging) {
    return { hash: job.hash, status: 'pass', data: [], offset: null, limit: null, total: null };
  }
  const rows = store.page(q, page, limit);
  return {
    hash: job.hash,
    status: 'pass',
    data: rows.map((r) => jobItem(store.detail(r), settings.realism)),
    offset: page,
    limit,
    total,
  };
}
