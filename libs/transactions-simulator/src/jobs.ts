/**
 * Load-job / get-job-data (contract §2.5, §2.6): a hash per criteria, reused for 20 minutes; each job is `working`
 * for the configured duration, then `pass` (or `fail` when a fault says so); an unknown or expired hash is gone.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '@washops/clock';
import type { ChainSite } from './chain.js';

/** How long the API keeps a job and its hash (contract §1 "Server-side caching"). */
export const JOB_TTL_MS = 20 * 60_000;

export interface JobCriteria {
  site: ChainSite;
  startMs: number;
  endMs: number;
  page: number;
  limit: number;
}

export interface Job {
  hash: string;
  apiId: string;
  criteria: JobCriteria;
  createdAt: number;
  /** When it turns `pass`/`fail`; Infinity for a job that never finishes. */
  readyAt: number;
  expiresAt: number;
  fails: boolean;
}

export type JobState = 'working' | 'pass' | 'fail';

export class JobRegistry {
  private readonly byHash = new Map<string, Job>();
  private readonly byCriteria = new Map<string, Job>();
  private created = 0;

  constructor(
    private readonly seed: string,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly ttlMs: () => number,
    private readonly workingMs: () => number,
  ) {}

  /** Returns the live job for these criteria, or starts one. `created` tells which. */
  submit(
    apiId: string,
    criteria: JobCriteria,
    faults: () => { fails: boolean; neverFinishes: boolean },
  ): { job: Job; created: boolean } {
    this.purge();
    const key = criteriaKey(apiId, criteria);
    const existing = this.byCriteria.get(key);
    if (existing) return { job: existing, created: false };
    const now = this.clock.now();
    const { fails, neverFinishes } = faults();
    this.created++;
    const hash = createHash('md5').update(`${this.seed}|${key}|${now}|${this.created}`).digest('hex');
    const job: Job = {
      hash,
      apiId,
      criteria,
      createdAt: now,
      readyAt: neverFinishes ? Number.POSITIVE_INFINITY : now + this.workingMs(),
      expiresAt: now + this.ttlMs(),
      fails,
    };
    this.byHash.set(hash, job);
    this.byCriteria.set(key, job);
    return { job, created: true };
  }

  /** The job for a hash, if it exists, belongs to this API id and has not expired. */
  find(apiId: string, hash: string): Job | undefined {
    this.purge();
    const job = this.byHash.get(hash);
    return job && job.apiId === apiId ? job : undefined;
  }

  state(job: Job): JobState {
    if (this.clock.now() < job.readyAt) return 'working';
    return job.fails ? 'fail' : 'pass';
  }

  clear(): void {
    this.byHash.clear();
    this.byCriteria.clear();
  }

  private purge(): void {
    const now = this.clock.now();
    for (const [hash, job] of this.byHash) {
      if (now >= job.expiresAt) {
        this.byHash.delete(hash);
        const key = criteriaKey(job.apiId, job.criteria);
        if (this.byCriteria.get(key) === job) this.byCriteria.delete(key);
      }
    }
  }
}

function criteriaKey(apiId: string, c: JobCriteria): string {
  return `${apiId}|${c.site.siteId}|${c.startMs}|${c.endMs}|${c.page}|${c.limit}`;
}
