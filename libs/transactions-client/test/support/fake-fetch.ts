/** A small fake `fetch` for unit tests: a handler per request, every call recorded. No module mocks. */
import { systemClock, type Clock } from '@washops/client-core';

export interface RecordedRequest {
  method: string;
  url: URL;
  path: string;
  query: Record<string, string>;
  headers: Headers;
  /** When the request reached the fake, on the fake's clock (the client's, in `fakeClient`). */
  at: number;
}

export type FakeHandler = (request: RecordedRequest, index: number) => Response | Promise<Response>;

export interface FakeFetch {
  fetch: typeof fetch;
  calls: RecordedRequest[];
  /** Calls whose path (below `/v1`) matches. */
  callsTo(path: string | RegExp): RecordedRequest[];
}

export const BASE_URL = 'http://api.test/v1';

export function fakeFetch(handler: FakeHandler, clock: Clock = systemClock): FakeFetch {
  const calls: RecordedRequest[] = [];
  const fetchImpl = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url,
      path: url.pathname.replace(/^\/v1/, ''),
      query: Object.fromEntries(url.searchParams),
      headers: new Headers(init.headers),
      at: clock.now(),
    };
    calls.push(request);
    const signal = init.signal ?? undefined;
    if (signal?.aborted) throw signal.reason;
    const answer = Promise.resolve().then(() => handler(request, calls.length - 1));
    if (!signal) return answer;
    return new Promise<Response>((resolve, reject) => {
      const onAbort = (): void => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  };
  return {
    fetch: fetchImpl as typeof fetch,
    calls,
    callsTo: (path) => calls.filter((c) => (typeof path === 'string' ? c.path === path : path.test(c.path))),
  };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** A response that never comes (until the request is aborted). */
export function never(): Promise<Response> {
  return new Promise(() => undefined);
}

export function listItem(n: number): Record<string, unknown> {
  return { transNumber: n, transId: `${n}:7`, total: 7.99, date: '2026-01-15T05:32:32.000Z' };
}

export function v2Item(n: number): Record<string, unknown> {
  return { ...listItem(n), customerId: '', isRecurringPlanSale: false, isRecurringPlanRedemption: true, transactionStatus: 'Completed' };
}

export function transaction(id = '876:1001', overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    number: 253425,
    type: 'Sale',
    completeDate: '2026-01-15T05:32:32.000Z',
    locationCode: 'MAIN',
    salesDeviceName: 'POS1',
    total: 7.99,
    tenders: [
      { tender: 'Credit', tenderSubType: 'Visa', amount: 20, change: -1, total: 19, referenceNumber: '6237', creditCardLastFour: '1111', creditCardExpirationDate: '2027-01' },
    ],
    items: [{ name: 'Basic Wash', sku: '', department: 'Wash', quantity: 1, gross: 8.55, net: 7.99, discount: 0, tax: 0.56, additionalFee: 0, isVoided: false }],
    customerName: '',
    customerId: '',
    vehicleLicensePlate: 'ABC123',
    employeeCashier: 'Mary Jones',
    employeeGreeter: '',
    discount: [{ discountName: 'Promo', discountSku: null, appliedToItemName: 'Basic Wash', discountAmount: 2, discountCode: '9141' }],
    isRecurringPayment: false,
    isRecurringRedemption: false,
    isRecurringSale: false,
    isPrepaidRedemption: false,
    isPrepaidSale: false,
    ...overrides,
  };
}

/** A job record as the live API sends it: a transaction without the v2 fields. */
export function jobItem(n: number): Record<string, unknown> {
  return transaction(`${n}:7`, { number: n });
}

export function listPage(items: unknown[], total: number | null, offset = 1): Record<string, unknown> {
  return { data: { transactions: items, offset, limit: 100, total } };
}

/** Pages of `count` generated items, `total` as given (default `count`). */
export function pagedList(count: number, make: (n: number) => unknown = listItem, total: number | null = count) {
  return (request: RecordedRequest): Response => {
    const page = Number(request.query['offset']);
    const limit = Number(request.query['limit']);
    const from = (page - 1) * limit;
    const items = Array.from({ length: Math.max(0, Math.min(limit, count - from)) }, (_, i) => make(from + i + 1));
    return json(listPage(items, total, page));
  };
}
