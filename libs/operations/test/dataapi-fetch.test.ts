import { APIError } from '@washops/shared-errors';
import type { DataApiPage, RecurringAccount, RecurringAccountDetail } from '@washops/transactions-client';
import { describe, expect, it } from 'vitest';
import { fetchWindow, type ResourceSource } from '../src/dataapi/fetch.js';

async function* pagesOf<T>(rows: T[], total: number | null): AsyncIterable<DataApiPage<T>> {
  yield { page: 1, rows, total, pageCount: total === null ? null : 1, pageSize: 100, last: true };
}

const account: RecurringAccount = {
  id: '77:1001',
  name: 'Ada L',
  signUpDate: '2026-05-03T10:00:00.000Z',
  cancelDate: null,
  billingSiteId: 1001,
  billingSiteCode: 'S01',
  customerId: '5012:1001',
  status: 1,
  statusName: 'Active',
};

const detail: RecurringAccountDetail = {
  id: '77:1001',
  isOnTrial: false,
  trialAmount: null,
  billingSiteCode: 'S01',
  creationSiteCode: 'S01',
  nextBillDate: '2026-06-03T00:00:00.000Z',
  tags: [],
  vehicles: [{ id: 'V1', plate: null }],
  lastBillDate: null,
  billingAmount: 39.99,
  isSuspended: false,
  suspendedUntil: null,
  currentRecurringStatusName: 'Active',
  planName: 'Ultimate',
  customer: { id: '5012:1001', number: '5012', firstName: 'Ada', lastName: 'L' },
  recurringStatuses: [{ status: 'Active', date: '2026-05-03T10:00:00.000Z' }],
  // A model that let more than the last four through: the warehouse keeps the last four only.
  recurringBillings: [{ amountCharged: 39.99, date: '2026-05-03T10:00:00.000Z', cardLastFour: 'XXXXXXXXXXXX0572', creditCardExpirationDate: null }],
  additionalTagPrice: null,
};

function source(listTotal: number | null, asked: unknown[] = []): ResourceSource {
  return {
    recurring: {
      listPages: (params: unknown) => {
        asked.push(params);
        return pagesOf([account], listTotal);
      },
      listDetailsPages: (params: unknown) => {
        asked.push(params);
        return pagesOf([detail], 1);
      },
    },
  } as unknown as ResourceSource;
}

describe('reading a window', () => {
  it('memberships: both lists over the window in whole UTC days, mapped to cents, dates and card last four', async () => {
    const asked: unknown[] = [];
    const fetched = await fetchWindow(source(1, asked), { resource: 'memberships', windowStart: '2026-05-01', windowEnd: '2026-05-31' });
    const range = { startDate: Date.parse('2026-05-01T00:00:00Z') / 1000, endDate: Date.parse('2026-05-31T23:59:59Z') / 1000 };
    expect(asked).toEqual([range, range]);
    expect(fetched.data.vendorTotal).toBe(1);
    expect(fetched.data.memberships).toEqual([expect.objectContaining({ id: '77:1001', signUpAt: new Date('2026-05-03T10:00:00Z'), status: 1 })]);
    expect(fetched.data.membershipDetails?.[0]).toMatchObject({ billingAmountCents: 3999, vehicles: [{ vehicleId: 'V1', plate: null }] });
    expect(fetched.data.membershipDetails?.[0]?.billings).toEqual([{ amountCents: 3999, at: new Date('2026-05-03T10:00:00Z'), cardLastFour: '0572', cardExpiry: null }]);
    expect(fetched.reads).toEqual([
      { endpoint: '/recurring/account/list', total: 1, rows: 1 },
      { endpoint: '/recurring/account/details/list', total: 1, rows: 1 },
    ]);
  });

  it('a list that gives fewer rows than its own total is an APIError, so the window is not stored as whole', async () => {
    const error = await fetchWindow(source(2), { resource: 'memberships', windowStart: '2026-05-01', windowEnd: '2026-05-31' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).message).toMatch(/gave 1 of the 2 records/);
  });
});
