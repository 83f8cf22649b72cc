import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { ValidationError } from '@washops/shared-errors';
import type { StoreDb } from '../connection.js';
import { warehouseTransactions } from '../warehouse/schema.js';
import { whGiftCards, whMemberships, whSalesOutcomes } from './schema.js';
import type { GiftCardRecord, SalesOutcomeRecord, StoredMembership } from './types.js';

// Paged lists for the surfaces (the MCP tools and the portal's pages): one page of rows and the count of all.

export interface PageQuery {
  /** Rows to skip. */
  offset: number;
  /** Rows per page, 1–1000. */
  limit: number;
}

export interface StoredPage<T> {
  rows: T[];
  total: number;
}

export interface MembershipListQuery extends PageQuery {
  customerId?: string;
  /** The vendor's status name (`Active`, `Cancelled`, …), matched without case. */
  statusName?: string;
  billingSiteCode?: string;
}

export interface SalesOutcomeRowQuery extends PageQuery {
  /** Inclusive UTC bounds. */
  from: Date;
  to: Date;
  siteId?: number;
  employeeId?: string;
}

/** A customer's transaction as their profile lists it. */
export interface CustomerTransaction {
  id: string;
  number: number;
  siteCode: string;
  completedAt: Date;
  type: string;
  totalCents: number;
  vehicleLicensePlate: string | null;
  isRecurringRedemption: boolean;
  isRecurringSale: boolean;
}

function checkPage(page: PageQuery): void {
  if (!Number.isInteger(page.limit) || page.limit < 1 || page.limit > 1000) throw new ValidationError('limit must be a whole number from 1 to 1000');
  if (!Number.isInteger(page.offset) || page.offset < 0) throw new ValidationError('offset must be a whole number from 0');
}

export function resourcePageQueries(db: StoreDb) {
  async function counted(table: typeof whMemberships | typeof whGiftCards | typeof whSalesOutcomes, where: SQL | undefined): Promise<number> {
    const [row] = await db.select({ total: sql<string>`count(*)` }).from(table).where(where);
    return Number(row?.total ?? 0);
  }

  return {
    async listMemberships(query: MembershipListQuery): Promise<StoredPage<StoredMembership>> {
      checkPage(query);
      const t = whMemberships;
      const where = and(
        query.customerId ? eq(t.customerId, query.customerId) : undefined,
        query.statusName ? sql`lower(${t.statusName}) = lower(${query.statusName})` : undefined,
        query.billingSiteCode ? eq(t.billingSiteCode, query.billingSiteCode) : undefined,
      );
      const [rows, total] = await Promise.all([
        db.select().from(t).where(where).orderBy(desc(t.signUpAt), asc(t.id)).limit(query.limit).offset(query.offset),
        counted(t, where),
      ]);
      return { rows, total };
    },

    async listGiftCards(query: PageQuery & { siteCode?: string }): Promise<StoredPage<GiftCardRecord>> {
      checkPage(query);
      const t = whGiftCards;
      const where = query.siteCode ? eq(t.siteCode, query.siteCode) : undefined;
      const [rows, total] = await Promise.all([
        db.select().from(t).where(where).orderBy(desc(t.soldAt), asc(t.giftcardId)).limit(query.limit).offset(query.offset),
        counted(t, where),
      ]);
      return { rows: rows.map(({ syncedAt: _syncedAt, ...card }) => card), total };
    },

    async listSalesOutcomes(query: SalesOutcomeRowQuery): Promise<StoredPage<SalesOutcomeRecord>> {
      checkPage(query);
      const t = whSalesOutcomes;
      const where = and(
        gte(t.at, query.from),
        lte(t.at, query.to),
        query.siteId === undefined ? undefined : eq(t.siteId, query.siteId),
        query.employeeId ? eq(t.employeeId, query.employeeId) : undefined,
      );
      const [rows, total] = await Promise.all([
        db.select().from(t).where(where).orderBy(asc(t.at), asc(t.employeeId)).limit(query.limit).offset(query.offset),
        counted(t, where),
      ]);
      // The table keeps `''` for "no item" (it is part of the key); the record's null.
      return { rows: rows.map((row) => ({ ...row, itemId: row.itemId === '' ? null : row.itemId })), total };
    },

    /** A customer's newest transactions in the transactions warehouse. */
    async customerTransactions(customerId: string, limit: number): Promise<CustomerTransaction[]> {
      checkPage({ offset: 0, limit });
      const t = warehouseTransactions;
      return db
        .select({
          id: t.id,
          number: t.number,
          siteCode: t.siteCode,
          completedAt: t.completedAt,
          type: t.type,
          totalCents: t.totalCents,
          vehicleLicensePlate: t.vehicleLicensePlate,
          isRecurringRedemption: t.isRecurringRedemption,
          isRecurringSale: t.isRecurringSale,
        })
        .from(t)
        .where(eq(t.customerId, customerId))
        .orderBy(desc(t.completedAt), desc(t.id))
        .limit(limit);
    },
  };
}

export type ResourcePageQueries = ReturnType<typeof resourcePageQueries>;
