/** Wire shapes: success and error envelopes, and the serialisation of records with or without the live quirks. */
import type { DetailRow, ListRow } from './data-store.js';
import type { ErrorEnvelope, RealismFlags, RealismOption } from './types.js';

const ALL_QUIRKS: RealismFlags = {
  emptyStrings: true,
  discountKey: true,
  nullTotals: true,
  nullJobPaging: true,
  jobItemsWithoutV2Fields: true,
  numbersAsStrings: false,
  resourceNumbersAsStrings: true,
  nullLiveFields: true,
  liveModificationKeys: true,
};

const NO_QUIRKS: RealismFlags = {
  emptyStrings: false,
  discountKey: false,
  nullTotals: false,
  nullJobPaging: false,
  jobItemsWithoutV2Fields: false,
  numbersAsStrings: false,
  resourceNumbersAsStrings: false,
  nullLiveFields: false,
  liveModificationKeys: false,
};

/** `true` = every observed quirk; an object = every observed quirk unless set to false there. */
export function resolveRealism(option: RealismOption | undefined): RealismFlags {
  if (option === undefined || option === true) return { ...ALL_QUIRKS };
  if (option === false) return { ...NO_QUIRKS };
  return { ...ALL_QUIRKS, ...option };
}

export type ErrorType =
  | 'MissingClientCredentialsError'
  | 'BadClientCredentialsError'
  | 'MismatchCredentialsError'
  | 'NotAuthorizedError'
  | 'BadSiteCredentialsError'
  | 'NotAuthorizedSiteCredentialsError'
  | 'NotAuthorizedSiteArgsError'
  | 'RequestRateExceedError'
  | 'InvalidPayloadRequestTimestampError'
  | 'UnexpectedFailure'
  | 'PayloadValidationError'
  | 'EntityNotFoundError'
  | 'ServerUnexpectedFailure';

const ERROR_STATUS: Record<ErrorType, number> = {
  MissingClientCredentialsError: 403,
  BadClientCredentialsError: 403,
  MismatchCredentialsError: 403,
  NotAuthorizedError: 403,
  BadSiteCredentialsError: 403,
  NotAuthorizedSiteCredentialsError: 403,
  NotAuthorizedSiteArgsError: 403,
  RequestRateExceedError: 429,
  InvalidPayloadRequestTimestampError: 400,
  UnexpectedFailure: 400,
  PayloadValidationError: 422,
  EntityNotFoundError: 404,
  ServerUnexpectedFailure: 500,
};

/** The vendor's messages (from the OpenAPI document's examples). */
export const ERROR_MESSAGES = {
  MissingClientCredentialsError: 'One or more of the required header authentication information was not sent on the request.',
  BadClientCredentialsError: 'The information required for authentication has been sent but the credentials are not valid.',
  MismatchCredentialsError: 'Using valid credentials in wrong environment.',
  NotAuthorizedError: 'Unauthorized access. Please verify information sent or contact helpdesk.',
  BadSiteCredentialsError: 'There is not site identified by the site code in the client.',
  NotAuthorizedSiteCredentialsError: 'The site code has been sent as a header but it is not allowed to use the credentials.',
  NotAuthorizedSiteArgsError:
    'The site code has been sent as a header and it is allowed to use the credentials, however the query argument `site=` is sent and does not contain the site id represented by site code sent.',
  RequestRateExceedError: 'The number of requests exceeded the allowed API rate. Request blocked.',
  InvalidPayloadRequestTimestampError: 'Invalid timestamp',
  UnexpectedFailure: 'An unexpected error has occurred.',
  ServerUnexpectedFailure: 'An unexpected error has occurred.',
} as const;

/** A Data API error: what the handlers throw, turned into a response by the server. */
export class DataApiError extends Error {
  constructor(
    readonly type: ErrorType,
    message: string,
    readonly messages?: string[],
    readonly code?: string,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.type];
  }

  static validation(messages: string[]): DataApiError {
    return new DataApiError('PayloadValidationError', messages.join('; '), messages);
  }

  static notFound(message: string): DataApiError {
    return new DataApiError('EntityNotFoundError', message);
  }
}

export function errorBody(error: DataApiError, envelope: ErrorEnvelope): unknown {
  let body: Record<string, unknown>;
  if (error.type === 'PayloadValidationError') body = { type: error.type, messages: error.messages ?? [error.message] };
  else {
    body = { type: error.type, message: error.message };
    if (error.code !== undefined) body['code'] = error.code;
  }
  return envelope === 'wrapped' ? { error: body } : body;
}

/** Cents as the API's dollars. */
export function dollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Cents as a dollar string such as `"5.00"` (item prices, sales outcomes, the §9.8 quirk). */
export function dollarText(cents: number): string {
  return dollars(cents).toFixed(2);
}

function money(cents: number, realism: RealismFlags): number | string {
  return realism.numbersAsStrings ? dollarText(cents) : dollars(cents);
}

/**
 * The vendor's `YYYY-MM-DD HH:MM:SS` date-times (customers, accounts, gift cards, modifications). Read as UTC: an
 * unverified assumption (the spec says "UTC" for some of them), kept here only.
 */
export function vendorDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** ISO 8601 with milliseconds, as the spec's `format: date-time` examples (`2020-05-19T05:32:32.000Z`). */
export function isoDateTime(ms: number): string {
  return new Date(ms).toISOString();
}

/** A calendar date `YYYY-MM-DD` (UTC). */
export function calendarDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** An unset optional string: `""` under realism.emptyStrings (as live), `null` without. */
export function optionalString(value: string | null, realism: RealismFlags): string | null {
  return value ?? (realism.emptyStrings ? '' : null);
}

export function listItem(row: ListRow, realism: RealismFlags): Record<string, unknown> {
  return { transNumber: row.transNumber, transId: row.transId, total: money(row.total, realism), date: row.date };
}

export function listItemV2(row: ListRow, realism: RealismFlags): Record<string, unknown> {
  return {
    ...listItem(row, realism),
    customerId: row.customerId,
    isRecurringPlanSale: row.isRecurringPlanSale,
    isRecurringPlanRedemption: row.isRecurringPlanRedemption,
    transactionStatus: row.transactionStatus,
  };
}

export function transactionObject(row: DetailRow, realism: RealismFlags): Record<string, unknown> {
  return {
    id: row.id,
    number: row.number,
    type: row.type,
    completeDate: row.completeDate,
    locationCode: row.locationCode,
    salesDeviceName: row.salesDeviceName,
    total: money(row.total, realism),
    tenders: row.tenders.map((t) => ({
      tender: t.tender,
      tenderSubType: t.tenderSubType,
      amount: money(t.amount, realism),
      change: money(t.change, realism),
      total: money(t.total, realism),
      referenceNumber: t.referenceNumber,
      creditCardLastFour: t.creditCardLastFour,
      creditCardExpirationDate: t.creditCardExpirationDate,
    })),
    items: row.lines.map((l) => ({
      name: l.name,
      sku: l.sku,
      department: l.department,
      quantity: l.quantity,
      gross: money(l.gross, realism),
      net: money(l.net, realism),
      discount: money(l.discount, realism),
      tax: money(l.tax, realism),
      additionalFee: money(l.additionalFee, realism),
      isVoided: l.isVoided,
    })),
    customerName: optionalString(row.customerName, realism),
    customerId: optionalString(row.customerIdString, realism),
    vehicleLicensePlate: optionalString(row.vehicleLicensePlate, realism),
    employeeCashier: optionalString(row.employeeCashier, realism),
    employeeGreeter: optionalString(row.employeeGreeter, realism),
    discount: row.discounts.map((d) => ({
      discountName: d.discountName,
      discountSku: d.discountSku,
      appliedToItemName: d.appliedToItemName,
      [realism.discountKey ? 'discountAmount' : 'discount']: money(d.amount, realism),
      discountCode: d.discountCode,
    })),
    isRecurringPayment: row.isRecurringPayment,
    isRecurringRedemption: row.isRecurringRedemption,
    isRecurringSale: row.isRecurringSale,
    isPrepaidRedemption: row.isPrepaidRedemption,
    isPrepaidSale: row.isPrepaidSale,
  };
}

export function jobItem(row: DetailRow, realism: RealismFlags): Record<string, unknown> {
  const base = transactionObject(row, realism);
  if (realism.jobItemsWithoutV2Fields) return base;
  return {
    ...base,
    isRecurringPlanSale: row.isRecurringPlanSale,
    isRecurringPlanRedemption: row.isRecurringPlanRedemption,
    transactionStatus: row.status,
  };
}
