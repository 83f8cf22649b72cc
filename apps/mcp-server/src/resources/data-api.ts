import { getTransaction } from '../tools/get-transaction.js';
import { listTransactionSites } from '../tools/list-transaction-sites.js';
import { json, toolRead, type FixedResource, type TemplateResource } from './resource.js';
import { DATA_API_SITES_URI, TRANSACTION_URI_TEMPLATE } from './uris.js';

export const dataApiSitesResource: FixedResource = {
  name: 'data-api-sites',
  uri: DATA_API_SITES_URI,
  title: 'Data API sites and time zones',
  description: "The sites the Data API credentials read: code (the transaction tools' and reports' site filter), name and IANA time zone (what a site's local day is).",
  mimeType: 'application/json',
  uses: [listTransactionSites],
  read: async (services, signal) => json(await toolRead(listTransactionSites, {}, services, signal)),
};

export const transactionResource: TemplateResource = {
  name: 'transaction',
  uriTemplate: TRANSACTION_URI_TEMPLATE,
  title: 'One transaction',
  description: 'One transaction in full, as get_transaction reads it: items, tenders (card last four only), discounts, cashier and greeter. transId like "876:1001".',
  mimeType: 'application/json',
  uses: [getTransaction],
  read: async ({ transId }, services, signal) => json((await toolRead(getTransaction, { transId: decodeURIComponent(transId ?? '') }, services, signal)).transaction),
};
