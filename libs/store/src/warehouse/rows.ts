import { inArray } from 'drizzle-orm';
import type { StoreDb } from '../connection.js';
import { warehouseDiscounts, warehouseItems, warehouseTenders, warehouseTransactions } from './schema.js';
import type { WarehouseDiscount, WarehouseItem, WarehouseTender, WarehouseTransaction } from './types.js';

/**
 * Rows a multi-row statement carries: the widest table has 22 columns, so 1,000 rows stay far under
 * PostgreSQL's 65,535 bind parameters per statement.
 */
export const ROWS_PER_STATEMENT = 1_000;

type TransactionRow = typeof warehouseTransactions.$inferSelect;
type TenderRow = typeof warehouseTenders.$inferSelect;
type ItemRow = typeof warehouseItems.$inferSelect;
type DiscountRow = typeof warehouseDiscounts.$inferSelect;

/** A transaction's own row, without its children. */
export function transactionRow(t: WarehouseTransaction): TransactionRow {
  return {
    id: t.id,
    siteCode: t.siteCode,
    day: t.day,
    timeZone: t.timeZone,
    number: t.number,
    completedAt: t.completedAt,
    type: t.type,
    salesDeviceName: t.salesDeviceName,
    totalCents: t.totalCents,
    customerName: t.customerName,
    customerId: t.customerId,
    vehicleLicensePlate: t.vehicleLicensePlate,
    employeeCashier: t.employeeCashier,
    employeeGreeter: t.employeeGreeter,
    isRecurringPayment: t.isRecurringPayment,
    isRecurringRedemption: t.isRecurringRedemption,
    isRecurringSale: t.isRecurringSale,
    isPrepaidRedemption: t.isPrepaidRedemption,
    isPrepaidSale: t.isPrepaidSale,
    isRecurringPlanSale: t.isRecurringPlanSale,
    isRecurringPlanRedemption: t.isRecurringPlanRedemption,
    transactionStatus: t.transactionStatus,
  };
}

export function toTransaction(row: TransactionRow, children: Children): WarehouseTransaction {
  return {
    ...row,
    // `date` columns come back as `YYYY-MM-DD` text; numbers as numbers (bigint mode number).
    tenders: children.tenders.get(row.id) ?? [],
    items: children.items.get(row.id) ?? [],
    discounts: children.discounts.get(row.id) ?? [],
  };
}

export interface Children {
  tenders: Map<string, WarehouseTender[]>;
  items: Map<string, WarehouseItem[]>;
  discounts: Map<string, WarehouseDiscount[]>;
}

function groupBy<R extends { transactionId: string; position: number }, V>(rows: R[], pick: (row: R) => V): Map<string, V[]> {
  const out = new Map<string, V[]>();
  for (const row of [...rows].sort((a, b) => a.position - b.position)) {
    const list = out.get(row.transactionId) ?? [];
    list.push(pick(row));
    out.set(row.transactionId, list);
  }
  return out;
}

/** The children of a page of transactions: one query per child table, whatever the page's size. */
export async function loadChildren(db: StoreDb, ids: readonly string[]): Promise<Children> {
  if (ids.length === 0) return { tenders: new Map(), items: new Map(), discounts: new Map() };
  const list = [...ids];
  const [tenders, items, discounts] = await Promise.all([
    db.select().from(warehouseTenders).where(inArray(warehouseTenders.transactionId, list)),
    db.select().from(warehouseItems).where(inArray(warehouseItems.transactionId, list)),
    db.select().from(warehouseDiscounts).where(inArray(warehouseDiscounts.transactionId, list)),
  ]);
  return {
    tenders: groupBy(tenders, ({ transactionId: _id, position: _p, ...tender }: TenderRow) => tender),
    items: groupBy(items, ({ transactionId: _id, position: _p, ...item }: ItemRow) => item),
    discounts: groupBy(discounts, ({ transactionId: _id, position: _p, ...discount }: DiscountRow) => discount),
  };
}

function slices<T>(rows: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Inserts transactions and their children in multi-row statements. Ids stored under another site-day
 * are deleted first (children cascade), so a transaction that moved is stored once, where it now is.
 */
export async function insertTransactions(tx: StoreDb, transactions: readonly WarehouseTransaction[]): Promise<void> {
  for (const batch of slices(transactions)) {
    await tx.delete(warehouseTransactions).where(inArray(warehouseTransactions.id, batch.map((t) => t.id)));
    await tx.insert(warehouseTransactions).values(batch.map(transactionRow));
  }
  const tenders = transactions.flatMap((t) => t.tenders.map((tender, position) => ({ ...tender, transactionId: t.id, position })));
  const items = transactions.flatMap((t) => t.items.map((item, position) => ({ ...item, transactionId: t.id, position })));
  const discounts = transactions.flatMap((t) => t.discounts.map((discount, position) => ({ ...discount, transactionId: t.id, position })));
  for (const batch of slices(tenders)) await tx.insert(warehouseTenders).values(batch);
  for (const batch of slices(items)) await tx.insert(warehouseItems).values(batch);
  for (const batch of slices(discounts)) await tx.insert(warehouseDiscounts).values(batch);
}

/** The last of each id wins: a vendor page that repeats a record (paging shifted) stores it once. */
export function uniqueById(transactions: readonly WarehouseTransaction[]): WarehouseTransaction[] {
  return [...new Map(transactions.map((t) => [t.id, t])).values()];
}
