/**
 * Wire records of the resource endpoints as the live API sends them (contract §6, §9): numbers as strings, `""` for
 * unset strings, nulls the document does not announce, snake_case status changes, `siteID`, `lastFourCC`.
 */
import { json, type RecordedRequest } from './fake-fetch.js';

export function customerRow(n: number): Record<string, unknown> {
  return {
    customerId: `${5000 + n}:1001`,
    firstName: 'Ada',
    lastName: '',
    phoneNumber: '3125550101',
    customerNumber: null,
    isActive: true,
    createdDate: '2025-01-15 22:03:29',
    modifiedDate: null,
  };
}

export const customerDetail = {
  id: '5012:1001',
  number: '00012345',
  firstName: 'Ada',
  lastName: 'Lovelace',
  companyName: null,
  loyaltyNumber: null,
  address: { address1: '1 Main St', address2: '', city: 'Joliet', state: 'IL', country: 'US', postalCode: '60431' },
  phone: '3125550101',
  email: 'ada@example.com',
  birthDate: null,
  isActive: true,
  allowSms: false,
  recurringSmsSignupDate: null,
  loyaltySmsSignupDate: '2020-05-02T06:05:04.000Z',
  modifyDate: '2025-03-01 10:00:00',
};

export function recurringRow(n: number): Record<string, unknown> {
  return {
    id: `${700 + n}:1001`,
    name: 'Gold Plan',
    balance: null,
    signUpDate: '2025-12-01 08:45:00',
    cancelDate: null,
    billingSiteId: '1001',
    customerId: '5012:1001',
    status: '1',
    statusName: 'Active',
    billingSiteCode: 'JOLIET',
  };
}

export const recurringDetail = {
  id: '701:1001',
  isOnTrial: false,
  trialAmount: '5.00',
  billingSiteCode: 'JOLIET',
  creationSiteCode: 'JOLIET',
  nextBillDate: '2026-02-01',
  tags: [{ id: '9:1001', number: '9870654032190', enabled: true }],
  vehicles: [{ id: '3:1001', plate: '' }],
  lastBillDate: null,
  billingAmount: '29.99',
  isSuspended: false,
  suspendedUntil: null,
  currentRecurringStatusName: 'Active',
  planName: 'Gold Plan',
  customer: { id: '5012:1001', number: null, firstName: 'Ada', lastName: 'Lovelace' },
  recurringStatuses: [{ status: 'Active', date: '2025-12-01T08:45:00.000Z' }],
  recurringBillings: [{ amountCharged: '29.99', date: '2026-01-01T06:00:00.000Z', lastFourCC: 'XXXXXXXXXXXX0572', creditCardExpirationDate: '2027-05' }],
  additionalTagPrice: null,
};

export function statusChangeRow(n: number): Record<string, unknown> {
  return {
    washbook_account_id: `${700 + n}:1001`,
    recurring_id: `${700 + n}:1001`,
    old_status: 'Active',
    new_status: 'Cancelled',
    status_date: '2026-01-10T08:45:00.000Z',
    employee_name: 'Billing Service',
    site_code: 'JOLIET',
  };
}

export function washbookRow(n: number, balance: string | null = '5'): Record<string, unknown> {
  return {
    id: `${800 + n}:1001`,
    name: 'Ten Washes',
    balance,
    signUpDate: '2025-12-30 13:15:15',
    cancelDate: null,
    billingSiteId: 1001,
    customerId: '',
    status: 'Active',
  };
}

export function giftCardRow(n: number): Record<string, unknown> {
  return { siteCode: 'JOLIET', completeDate: null, number: String(253425 + n), value: 25, amountUsed: '7.99', giftcardId: `${900 + n}:1001` };
}

export function itemRow(n: number): Record<string, unknown> {
  return {
    sku: String(1000 + n),
    name: `Item ${n}`,
    departmentName: 'Recurring Plan',
    priceAtSite: '5.00',
    costPerItem: null,
    isPromptForPrice: false,
    siteLocation: 'JOLIET',
  };
}

export function employeeRow(n: number): Record<string, unknown> {
  return { firstName: 'Mary', lastName: `Jones${n}`, employeeId: n };
}

export function salesOutcomeRow(n: number): Record<string, unknown> {
  return {
    timestamp: String(1768435200 + n),
    employeeId: '7',
    adpId: '',
    employeeName: 'Ralph Edwards',
    siteId: '1001',
    site: '100 - Joliet',
    isConverted: n % 2 === 0 ? 'yes' : 'no',
    itemId: '1:999',
    itemName: 'Gold Plan',
    itemPrice: '15.00',
    terminalName: 'POS1',
  };
}

export function clockEntry(day: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    clockIn: `${day}T13:00:00.000Z`,
    clockOut: `${day}T21:00:00.000Z`,
    regularRate: '15.00',
    regularHours: 8,
    overtimeEligible: true,
    overtimeRate: 22.5,
    overtimeHours: 0,
    wasModified: false,
    modificationTimestamp: null,
    wasCreatedInBackOffice: false,
    siteCode: 'JOLIET',
    ...overrides,
  };
}

/** Pages of `count` rows under `key`, as a list endpoint answers `limit`/`offset`; `total` as given (default `count`). */
export function pagedRows(key: string, count: number, make: (n: number) => unknown, total: number | null = count) {
  return (request: RecordedRequest): Response => {
    const page = Number(request.query['offset']);
    const limit = Number(request.query['limit']);
    const from = (page - 1) * limit;
    const rows = Array.from({ length: Math.max(0, Math.min(limit, count - from)) }, (_, i) => make(from + i + 1));
    return json({ data: { [key]: rows, offset: page, limit, total } });
  };
}
