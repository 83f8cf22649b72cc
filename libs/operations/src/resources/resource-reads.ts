import { parseInput, throwIfAborted } from '@washops/client-core';
import { NotFoundError } from '@washops/shared-errors';
import type { CustomerContact } from '@washops/store';
import { toCustomerContact } from '../dataapi/mapping.js';
import type { Actor } from '../actor.js';
import { actorSchema } from '../audit-rules.js';
import { auditedWrite } from '../audited-write.js';
import { freshnessOf, liveRecordFreshness, recordFreshness, type FreshnessDeps } from './freshness.js';
import { contactView, type ContactFields } from './masking.js';
import { CUSTOMER_SEARCH_CAP, resourcePage, windowOf } from './paging.js';
import {
  CUSTOMER_TRANSACTIONS_SHOWN,
  customerIdInputSchema,
  listClockEntriesInputSchema,
  listGiftCardsInputSchema,
  listItemsInputSchema,
  listMembershipsInputSchema,
  listSalesOutcomesInputSchema,
  listStatusChangesInputSchema,
  listWashbooksInputSchema,
  membershipIdInputSchema,
  searchCustomersInputSchema,
} from './schemas.js';
import { pageOf, type CustomerProfileRecords, type ResourceRowSource } from './source.js';
import type { CustomerProfileView, Freshness, ResourceReadOptions, ResourceReads, ResourceReadsDeps } from './types.js';
import { customerSummary, giftCardView, itemView, membershipProfileView, membershipView, salesOutcomeView, shiftView, statusChangeView, washbookView } from './views.js';
import { liveSource } from './live-source.js';
import { warehouseSource } from './warehouse-source.js';

/** A range of local days as the inclusive UTC bounds the store and the Data API take (vendor times are UTC). */
function utcBounds(range: { from: string; to: string }): { from: Date; to: Date } {
  return { from: new Date(`${range.from}T00:00:00.000Z`), to: new Date(`${range.to}T23:59:59.999Z`) };
}

function contactOf(customer: CustomerProfileRecords['customer']): ContactFields {
  const { phone, email, address1, address2, postalCode, city, state, country, birthDate } = customer;
  return { phone, email, address1, address2, postalCode, city, state, country, birthDate };
}

/** The resource reads shared by the portal and the MCP server (README, "Resource reads"). */
export function openResourceReads(deps: ResourceReadsDeps): ResourceReads {
  const warehouse = warehouseSource(deps.store);
  const now = deps.now ?? (() => new Date());
  const show = deps.showPersonalData === true;
  const client = deps.dataApi;
  const freshnessDeps = (signal: AbortSignal | undefined): FreshnessDeps => ({ store: deps.store, live: client !== undefined, now, signal });
  const live = ({ signal, onProgress }: ResourceReadOptions): ResourceRowSource | undefined =>
    client ? liveSource(client, { now, ...(signal ? { signal } : {}), ...(onProgress ? { onProgress } : {}) }) : undefined;
  /** The source a freshness names. */
  const sourceOf = (freshness: Freshness, options: ResourceReadOptions): ResourceRowSource => (freshness.source === 'live' && live(options)) || warehouse;

  /** A customer's own contact details, live; undefined without a Data API or when it no longer knows them. */
  async function liveContact(customerId: string, signal: AbortSignal | undefined): Promise<Omit<CustomerContact, 'customerId' | 'isActive'> | undefined> {
    if (!client) return undefined;
    const customer = await client.customers.get(customerId, signal ? { signal } : {}).catch((error: unknown) => {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    });
    if (!customer) return undefined;
    const { customerId: _id, isActive: _active, ...contact } = toCustomerContact(customer);
    return contact;
  }

  /** A customer's records: the warehouse's when it holds them, else live when a Data API is configured. */
  async function customerRecords(customerId: string, options: ResourceReadOptions): Promise<{ records: CustomerProfileRecords; freshness: Freshness }> {
    const { signal } = options;
    const stored = await deps.store.resources.customerProfile(customerId);
    throwIfAborted(signal);
    if (stored) {
      const { syncedAt, detailSyncedAt, ...customer } = stored.customer;
      const newest = detailSyncedAt && detailSyncedAt > syncedAt ? detailSyncedAt : syncedAt;
      const freshness = recordFreshness('customers', newest);
      // The sync keeps the list's fields; a customer's own record (email, address, birth date) is read when needed.
      const contact = detailSyncedAt === null ? await liveContact(customerId, signal) : undefined;
      return {
        records: { customer: contact ? { ...customer, ...contact } : customer, memberships: stored.memberships, washbooks: stored.washbooks },
        freshness:
          detailSyncedAt !== null ? freshness
          : contact ? { ...freshness, fetchedAt: now().toISOString(), note: `${freshness.note} Email, address and birth date live from the Data API.` }
          : { ...freshness, note: `${freshness.note} Email, address and birth date not read: ${client ? 'the Data API no longer knows this customer' : 'no Data API is configured'}.` },
      };
    }
    const fetched = (await live(options)?.customerProfile(customerId)) ?? null;
    if (!fetched) {
      throw new NotFoundError(`No customer ${customerId}${client ? '' : ' in the warehouse'}. Search by name or phone (list_customers, the portal's Customers page) for the id.`, {
        details: { customerId },
      });
    }
    return { records: fetched, freshness: liveRecordFreshness('customers', now()) };
  }

  return {
    async searchCustomers(input, options = {}) {
      const parsed = parseInput(searchCustomersInputSchema, input, 'customer search');
      const freshness = await freshnessOf(freshnessDeps(options.signal), 'customers', null);
      const found = await sourceOf(freshness, options).searchCustomers(parsed.query, CUSTOMER_SEARCH_CAP);
      throwIfAborted(options.signal);
      // A search stops at its cap: past it, the total is not known.
      const page = pageOf(found, windowOf(parsed));
      return resourcePage({ ...page, total: found.length >= CUSTOMER_SEARCH_CAP ? null : page.total }, parsed, (c) => customerSummary(c, show), freshness);
    },

    async getCustomer(customerId, options = {}) {
      const { customerId: id } = parseInput(customerIdInputSchema, { customerId }, 'customer');
      const { records, freshness } = await customerRecords(id, options);
      const transactions = await deps.store.resources.customerTransactions(id, CUSTOMER_TRANSACTIONS_SHOWN);
      throwIfAborted(options.signal);
      const { customer } = records;
      const view: CustomerProfileView = {
        customer: { ...customerSummary(customer, show), contact: contactView(contactOf(customer), show), companyName: customer.companyName, allowSms: customer.allowSms },
        memberships: records.memberships.map(membershipProfileView),
        washbooks: records.washbooks.map(washbookView),
        lastTransactions: transactions.map((t) => ({
          id: t.id,
          number: t.number,
          siteCode: t.siteCode,
          completedAt: t.completedAt.toISOString(),
          type: t.type,
          totalCents: t.totalCents,
          vehicleLicensePlate: t.vehicleLicensePlate,
          recurringRedemption: t.isRecurringRedemption,
        })),
        freshness,
      };
      return view;
    },

    async listMemberships(input, options = {}) {
      const parsed = parseInput(listMembershipsInputSchema, input, 'membership list');
      const freshness = await freshnessOf(freshnessDeps(options.signal), 'memberships', null);
      const { customerId, status, siteCode } = parsed;
      const filter = { ...(customerId ? { customerId } : {}), ...(status ? { status } : {}), ...(siteCode ? { siteCode } : {}) };
      const page = await sourceOf(freshness, options).memberships(filter, windowOf(parsed));
      throwIfAborted(options.signal);
      return resourcePage(page, parsed, membershipView, freshness);
    },

    async getMembership(membershipId, options = {}) {
      const { membershipId: id } = parseInput(membershipIdInputSchema, { membershipId }, 'membership');
      const stored = await deps.store.resources.getMembership(id);
      throwIfAborted(options.signal);
      if (stored) {
        const syncedAt = stored.detailSyncedAt && stored.detailSyncedAt > stored.syncedAt ? stored.detailSyncedAt : stored.syncedAt;
        return { ...membershipProfileView(stored), freshness: recordFreshness('memberships', syncedAt) };
      }
      const fetched = (await live(options)?.membership(id)) ?? null;
      if (!fetched) throw new NotFoundError(`No membership ${id}${client ? '' : ' in the warehouse'}. list_memberships (or a customer's profile) gives the ids.`, { details: { membershipId: id } });
      return { ...membershipProfileView(fetched), freshness: liveRecordFreshness('memberships', now()) };
    },

    async listMembershipStatusChanges(input, options = {}) {
      const parsed = parseInput(listStatusChangesInputSchema, input, 'status-change list');
      const freshness = await freshnessOf(freshnessDeps(options.signal), 'status-changes', { from: parsed.from, to: parsed.to });
      const rows = await sourceOf(freshness, options).statusChanges(utcBounds(parsed), parsed.siteCode);
      throwIfAborted(options.signal);
      return resourcePage(pageOf(rows, windowOf(parsed)), parsed, statusChangeView, freshness);
    },

    async listWashbooks(input, options = {}) {
      const parsed = parseInput(listWashbooksInputSchema, input, 'washbook list');
      const freshness = await freshnessOf(freshnessDeps(options.signal), 'washbooks', null);
      const rows = await sourceOf(freshness, options).washbooks(parsed.customerId);
      throwIfAborted(options.signal);
      const wanted = parsed.status ? rows.filter((w) => w.status.toLowerCase() === parsed.status) : rows;
      return resourcePage(pageOf(wanted, windowOf(parsed)), parsed, washbookView, freshness);
    },

    async listGiftCards(input, options = {}) {
      const parsed = parseInput(listGiftCardsInputSchema, input, 'gift-card list');
      const freshness = await freshnessOf(freshnessDeps(options.signal), 'gift-cards', null);
      const { liability, ...page } = await sourceOf(freshness, options).giftCards(parsed.siteCode, windowOf(parsed));
      throwIfAborted(options.signal);
      return {
        ...resourcePage(page, parsed, giftCardView, freshness),
        liability: liability.map((l) => ({ ...l })),
        totalOutstandingCents: liability.reduce((sum, l) => sum + l.outstandingCents, 0),
      };
    },

    async listItems(input, options = {}) {
      const parsed = parseInput(listItemsInputSchema, input, 'item list');
      const freshness = await freshnessOf(freshnessDeps(options.signal), 'items', null);
      const rows = await sourceOf(freshness, options).items(parsed.department);
      throwIfAborted(options.signal);
      return resourcePage(pageOf(rows, windowOf(parsed)), parsed, itemView, freshness);
    },

    async listClockEntries(input, options = {}) {
      const parsed = parseInput(listClockEntriesInputSchema, input, 'clock-entry list');
      const freshness = await freshnessOf(freshnessDeps(options.signal), 'clock-entries', { from: parsed.from, to: parsed.to });
      const { employeeId, siteCode } = parsed;
      const result = await sourceOf(freshness, options).clockShifts({ ...utcBounds(parsed), ...(employeeId === undefined ? {} : { employeeId }), ...(siteCode ? { siteCode } : {}) });
      throwIfAborted(options.signal);
      return {
        ...resourcePage(pageOf(result.shifts, windowOf(parsed)), parsed, shiftView, freshness),
        openShifts: result.openShifts,
        regularHours: result.regularHours,
        overtimeHours: result.overtimeHours,
      };
    },

    async listSalesOutcomes(input, options = {}) {
      const parsed = parseInput(listSalesOutcomesInputSchema, input, 'sales-outcome list');
      const freshness = await freshnessOf(freshnessDeps(options.signal), 'sales-outcomes', { from: parsed.from, to: parsed.to });
      const { siteId, employeeId } = parsed;
      const query = { ...utcBounds(parsed), ...(siteId === undefined ? {} : { siteId }), ...(employeeId ? { employeeId } : {}) };
      const { byEmployee, ...page } = await sourceOf(freshness, options).salesOutcomes(query, windowOf(parsed));
      throwIfAborted(options.signal);
      return {
        ...resourcePage(page, parsed, salesOutcomeView, freshness),
        byEmployee: byEmployee.map((e) => ({
          employeeId: e.employeeId,
          employeeName: e.employeeName,
          offers: e.offers,
          conversions: e.converted,
          conversionRate: e.offers === 0 ? null : Math.round((e.converted / e.offers) * 10_000) / 10_000,
        })),
      };
    },

    async revealCustomerContact(actor: Actor, customerId: string, options: ResourceReadOptions = {}) {
      const who = parseInput(actorSchema, actor, 'actor');
      const { customerId: id } = parseInput(customerIdInputSchema, { customerId }, 'customer');
      return auditedWrite({ store: deps.store, actor: who, logger: deps.logger }, {
        operation: 'customer.reveal_contact',
        target: { customerId: id },
        input: { customerId: id },
        signal: options.signal,
        run: async () => contactView(contactOf((await customerRecords(id, options)).records.customer), true),
        // Which details there were to see, never their values.
        outcome: (contact) => ({ summary: { revealed: (['phone', 'email', 'address1', 'birthDate'] as const).filter((field) => contact[field] !== null) } }),
      });
    },
  };
}
