import { z } from 'zod';
import { JobDataResponseSchema, LoadJobResponseSchema, TransactionJobItemSchema, type TransactionJobItem } from '../models.js';
import { PAGE_SIZE } from './paginate.js';
import { parseResponse } from './response.js';
import type { Transport } from './transport.js';

/** What a job exports: one site, at most a day, dates in Unix seconds. */
export interface JobCriteria {
  startDate: number;
  endDate: number;
  site: string;
}

/** What one request of a job tells us, with when it was sent (for the duration estimate). */
export interface SubmitResult {
  hash: string;
  total: number | null;
  sentAt: number;
}
export interface PollResult {
  status: string;
  items: unknown[];
  total: number | null;
  sentAt: number;
}

/** `POST /transaction/load-job` for one page of 100. */
export async function submitJobPage(transport: Transport, criteria: JobCriteria, page: number, signal: AbortSignal): Promise<SubmitResult> {
  const query = { ...criteria, limit: PAGE_SIZE, offset: page };
  const response = await transport.request({ method: 'POST', path: '/transaction/load-job', query, signal });
  const body = parseResponse(LoadJobResponseSchema, response.body, 'POST /transaction/load-job');
  return { hash: body.data.hash, total: body.data.total ?? null, sentAt: response.sentAt };
}

/** `GET /transaction/get-job-data` for one job. */
export async function pollJob(transport: Transport, hash: string, signal: AbortSignal): Promise<PollResult> {
  const response = await transport.request({ method: 'GET', path: '/transaction/get-job-data', query: { hash }, signal });
  const body = parseResponse(JobDataResponseSchema, response.body, 'GET /transaction/get-job-data');
  return { status: body.data.status, items: body.data.data, total: body.data.total ?? null, sentAt: response.sentAt };
}

const JobItemsSchema = z.array(TransactionJobItemSchema);

/** A finished page's records, read with the job item model. */
export function parseJobItems(items: unknown[], page: number): TransactionJobItem[] {
  return parseResponse(JobItemsSchema, items, `job page ${page}`);
}
