/**
 * Every deliberate deviation of the simulator from the vendor's OpenAPI document, in one place. Each is tied to the
 * fact in `reference/data-api-contract.md` that justifies it (`quote` must appear there verbatim; the contract test
 * checks). A `patch` adjusts the parsed OpenAPI document before responses are validated against it; deviations
 * without a patch change behaviour the schemas cannot see (they are covered by the behaviour tests).
 */
import type { RealismFlags, ErrorEnvelope } from '../../src/index.js';

/** The parsed OpenAPI document (plain JSON). */
export type OpenApiDoc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Mode {
  realism: RealismFlags;
  envelope: ErrorEnvelope;
}

export interface Deviation {
  id: string;
  /** What the simulator does that the OpenAPI document does not say. */
  behaviour: string;
  /** Section of data-api-contract.md. */
  section: string;
  /** Verbatim text of data-api-contract.md that justifies it. */
  quote: string;
  /** Whether it is in effect in a mode (default: always). */
  when?: (mode: Mode) => boolean;
  patch?: (doc: OpenApiDoc) => void;
}

const schemas = (doc: OpenApiDoc): OpenApiDoc => doc['components']['schemas'];
const okData = (doc: OpenApiDoc, path: string, method = 'get'): OpenApiDoc =>
  doc['paths'][path][method]['responses']['200']['content']['application/json']['schema']['properties']['data'];

const TRANSACTION_LISTS = ['/transaction', '/transaction/type/{item_type}', '/transaction/version-2'];
/** Every paginated list of the other resources. */
export const RESOURCE_LISTS = [
  '/customer',
  '/recurring/account/list',
  '/recurring/account/details/list',
  '/recurring/account/status-list',
  '/recurring/account/modifications',
  '/washbook/account/list',
  '/giftcard-liablilty',
  '/item',
  '/employee',
  '/sales-outcome/list',
];

/** Lets a number property also be a dollar string such as "5.00". */
function orDollarString(props: OpenApiDoc, key: string): void {
  props[key] = { anyOf: [props[key], { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' }] };
}

export const DEVIATIONS: Deviation[] = [
  {
    id: 'list-total-null',
    behaviour: 'List responses carry `total: null` for a share of criteria (realism.nullTotals).',
    section: '§9.4',
    quote: '`total` may be `null` on lists.',
    when: (m) => m.realism.nullTotals,
    patch: (doc) => {
      for (const path of [...TRANSACTION_LISTS, ...RESOURCE_LISTS]) okData(doc, path)['properties']['total']['nullable'] = true;
    },
  },
  {
    id: 'empty-job-null-paging',
    behaviour: 'An empty job answers `offset`, `limit` and `total` as null (realism.nullJobPaging).',
    section: '§2.6',
    quote: 'The paging keys are present but **null**.',
    when: (m) => m.realism.nullJobPaging,
    patch: (doc) => {
      const props = okData(doc, '/transaction/get-job-data')['properties'];
      for (const key of ['offset', 'limit', 'total']) props[key]['nullable'] = true;
    },
  },
  {
    id: 'job-pending-without-paging',
    behaviour:
      'A `working` or `fail` job answers `{hash, status, data: []}` without `offset`, `limit`, `total`: there is nothing to page yet.',
    section: '§2.6',
    quote: 'The Python client treats any status other than pass or fail as pending.',
    patch: (doc) => {
      okData(doc, '/transaction/get-job-data')['x-optional'] = ['offset', 'limit', 'total'];
    },
  },
  {
    id: 'discount-amount-key',
    behaviour: 'Discount entries name their amount `discountAmount`, not `discount` (realism.discountKey).',
    section: '§9.2',
    quote: 'The amount key inside each discount is `discountAmount`, not `discount` [live].',
    when: (m) => m.realism.discountKey,
    patch: (doc) => {
      const props = schemas(doc)['TransactionDiscountObject']['properties'];
      props['discountAmount'] = props['discount'];
      delete props['discount'];
    },
  },
  {
    id: 'job-items-with-v2-fields',
    behaviour:
      'Without realism.jobItemsWithoutV2Fields, job items carry the v2 fields, as the spec\'s own `TransactionListJobObject` ("payload from get-job-data") describes; the path\'s schema references `TransactionObject`.',
    section: '§2.6',
    quote: 'A separate schema, `TransactionListJobObject`, is described as "payload from get-job-data".',
    when: (m) => !m.realism.jobItemsWithoutV2Fields,
    patch: (doc) => {
      okData(doc, '/transaction/get-job-data')['properties']['data']['items'] = { $ref: '#/components/schemas/TransactionListJobObject' };
    },
  },
  {
    id: 'empty-strings',
    behaviour: 'Unset optional transaction strings are `""`, not null (realism.emptyStrings). Valid against the schema (a string).',
    section: '§9.1',
    quote: 'Optional transaction strings are `""`, not null',
  },
  {
    id: 'card-expiry-year-month',
    behaviour: '`creditCardExpirationDate` is `YYYY-MM`, like the spec\'s own example, which its `format: date` (YYYY-MM-DD) rejects.',
    section: '§2.4 Tender',
    quote: 'The spec example is `2025-01`',
    patch: (doc) => {
      const prop = schemas(doc)['TransactionTenderObject']['properties']['creditCardExpirationDate'];
      delete prop['format'];
      prop['pattern'] = '^\\d{4}-(0[1-9]|1[0-2])$';
    },
  },
  {
    id: 'site-error-types',
    behaviour: 'The three site errors send their own `type`, which `BaseError.type`\'s enum omits.',
    section: '§1 Error envelope',
    quote: 'The `BaseError.type` enum omits the three site errors, although schemas exist for them.',
    patch: (doc) => {
      schemas(doc)['BaseError']['properties']['type']['enum'].push(
        'BadSiteCredentialsError',
        'NotAuthorizedSiteCredentialsError',
        'NotAuthorizedSiteArgsError',
      );
    },
  },
  {
    id: 'not-authorized-type',
    behaviour:
      '`NotAuthorizedError` is sent with `type: "NotAuthorizedError"`; the spec\'s schema says `BadClientCredentialsError` (which also makes its `oneOf` ambiguous).',
    section: '§1 Error types',
    quote: "spec bug: this schema's `type` enum says `BadClientCredentialsError`",
    patch: (doc) => {
      schemas(doc)['NotAuthorizedError']['properties']['type']['enum'] = ['NotAuthorizedError'];
    },
  },
  {
    id: 'payload-validation-422',
    behaviour: 'Validation failures answer 422 `PayloadValidationError` on these paths, although no path lists 422.',
    section: '§1 Error types',
    quote: 'This response is defined under `components.responses`, but **no path lists 422**. Live 422s were seen anyway [py-docs].',
    patch: (doc) => {
      for (const path of Object.values(doc['paths']) as OpenApiDoc[]) {
        for (const op of Object.values(path)) op['responses']['422'] ??= { $ref: '#/components/responses/PayloadValidationErrorResponse' };
      }
    },
  },
  {
    id: 'wrapped-error-envelope',
    behaviour: 'With `errorEnvelope: "wrapped"`, error bodies are `{error: {...}}`; the schema applies to `error`.',
    section: '§1 Error envelope',
    quote: 'So the real API may wrap errors in `{ "error": { type, message | messages } }`.',
    when: (m) => m.envelope === 'wrapped',
  },
  {
    id: 'numbers-as-strings',
    behaviour: 'With realism.numbersAsStrings (off by default), money amounts are strings such as "15.00".',
    section: '§9.8',
    quote: 'Inferred: the TS client should accept `number | string` for these.',
    when: (m) => m.realism.numbersAsStrings,
    patch: (doc) => {
      const money: Array<[string, string[]]> = [
        ['TransactionListItemObject', ['total']],
        ['TransactionObject', ['total']],
        ['TransactionTenderObject', ['amount', 'change', 'total']],
        ['TransactionItemObject', ['gross', 'net', 'discount', 'tax', 'additionalFee']],
        ['TransactionDiscountObject', ['discount', 'discountAmount']],
      ];
      for (const [name, keys] of money) {
        for (const key of keys) {
          const prop = schemas(doc)[name]['properties'][key];
          if (prop) schemas(doc)[name]['properties'][key] = { anyOf: [prop, { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' }] };
        }
      }
    },
  },
  {
    id: 'page-number-offset',
    behaviour: '`offset` is a 1-based page number on every list and job (the spec\'s examples show `offset: 0`). Schema-valid (an integer).',
    section: '§9.3',
    quote: '`offset` is a 1-based **page number**.',
  },
  {
    id: 'load-job-get',
    behaviour: 'load-job also answers GET (the spec defines POST).',
    section: '§9.10',
    quote: 'Load-job: the spec says POST but its sample uses GET; POST with query params works [py].',
  },
  {
    id: 'gateway-errors-html',
    behaviour: 'Injected 502/503/504 faults answer a gateway\'s HTML page, not a Data API JSON body (a load balancer\'s answer, not the API\'s).',
    section: '§4',
    quote: 'A non-JSON body (e.g. an HTML 502) becomes',
  },
  {
    id: 'retry-after-on-storms',
    behaviour: 'A `rateLimitStorm` fault may send `Retry-After` when the test asks; the throttle itself never does.',
    section: '§1 Throttling',
    quote: '**No response headers are documented.**',
  },
  {
    id: 'null-live-fields',
    behaviour:
      'Customer `companyName` and `loyaltyNumber`, the customer list\'s `modifiedDate`, employee `startDateChange` and gift-card `completeDate` are null on a share of records (realism.nullLiveFields).',
    section: '§9.7',
    quote: 'These fields come back null live although the spec does not mark them nullable:',
    when: (m) => m.realism.nullLiveFields,
    patch: (doc) => {
      for (const [name, key] of [
        ['CustomerObject', 'companyName'],
        ['CustomerObject', 'loyaltyNumber'],
        ['CustomerListItemObject', 'modifiedDate'],
        ['EmployeeDetailsObject', 'startDateChange'],
        ['GiftcardListItemObject', 'completeDate'],
      ] as const) {
        schemas(doc)[name]['properties'][key]['nullable'] = true;
      }
    },
  },
  {
    id: 'customer-phone-null',
    behaviour: 'A customer without a phone number has `phone: null` (the schema marks `email` nullable, not `phone`).',
    section: '§6',
    quote: 'phone, email or null',
    patch: (doc) => {
      schemas(doc)['CustomerObject']['properties']['phone']['nullable'] = true;
    },
  },
  {
    id: 'resource-numbers-as-strings',
    behaviour:
      'Recurring `trialAmount`, `billingAmount`, `amountCharged` and the washbook detail\'s `balance` are strings such as "5.00" (realism.resourceNumbersAsStrings); the schema types them `number` with `format: string`.',
    section: '§9.8',
    quote: 'Numbers may arrive as strings. The spec itself says so for:',
    when: (m) => m.realism.resourceNumbersAsStrings,
    patch: (doc) => {
      orDollarString(schemas(doc)['RecurringAccountDetailObject']['properties'], 'trialAmount');
      orDollarString(schemas(doc)['RecurringAccountDetailObject']['properties'], 'billingAmount');
      orDollarString(schemas(doc)['RecurringBilling']['properties'], 'amountCharged');
      orDollarString(schemas(doc)['WashbookAccountDetailObject']['properties'], 'balance');
    },
  },
  {
    id: 'modification-live-keys',
    behaviour: 'Modification entries are `{name, date, comment}` (realism.liveModificationKeys), not `modificationType/Date/Comment`.',
    section: '§9.6',
    quote: 'Modification entries use `name`, `date` and `comment` [live].',
    when: (m) => m.realism.liveModificationKeys,
    patch: (doc) => {
      const entry = schemas(doc)['RecurringWashbookListModificationItemObject']['allOf'][1]['properties']['modifications']['items'];
      const { modificationType, modificationDate, modificationComment } = entry['properties'];
      entry['properties'] = { name: modificationType, date: modificationDate, comment: modificationComment };
    },
  },
];

/** The deviations in effect in a mode. */
export function deviationsFor(mode: Mode): Deviation[] {
  return DEVIATIONS.filter((d) => d.when?.(mode) ?? true);
}
