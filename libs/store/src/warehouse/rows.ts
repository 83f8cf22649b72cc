import { getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { StoreDb } from '../connection.js';
import { rowsOf } from '../query-rows.js';
import { warehouseDiscounts, warehouseItems, warehouseTenders, warehouseTransactions } from './schema.js';
import type { SiteDayKey, WarehouseDiscount, WarehouseItem, WarehouseTender, WarehouseTransaction } from './types.js';

/** Rows a multi-row statement carries (each statement has one parameter, so far under PostgreSQL's 65,535). */
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
 * A multi-row insert sent as ONE parameter: the rows as JSON, unpacked by `jsonb_to_recordset` with the
 * table's own column types. Building a statement value by value costs far more CPU than the database
 * spends on the rows.
 */
export async function insertRows(tx: StoreDb, table: PgTable, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(insertRowsStatement(table, rows));
}

/** `insertRows`'s statement, to run alone or as one `with` step of a larger statement. */
export function insertRowsStatement(table: PgTable, rows: readonly Record<string, unknown>[]): SQL {
  const columns = Object.entries(getTableColumns(table));
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const types = sql.raw(columns.map(([, column]) => `"${column.name}" ${column.getSQLType()}`).join(', '));
  const payload = JSON.stringify(rows.map((row) => Object.fromEntries(columns.map(([key, column]) => [column.name, row[key] ?? null]))));
  return sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${payload}::jsonb) as x(${types})`;
}

/**
 * Inserts transactions and their children, 1,000 rows a statement. Ids stored under another site-day
 * are deleted first (children cascade), so a transaction that moved is stored once, where it now is.
 * Returns the site-days such moves took rows from (their rollups need rewriting).
 */
export async function insertTransactions(tx: StoreDb, transactions: readonly WarehouseTransaction[]): Promise<SiteDayKey[]> {
  const movedFrom = new Map<string, SiteDayKey>();
  for (const batch of slices(transactions)) {
    const ids = JSON.stringify(batch.map((t) => t.id));
    const moved = await tx.execute(
      sql`delete from ${warehouseTransactions} where ${warehouseTransactions.id} in (select jsonb_array_elements_text(${ids}::jsonb)) returning site_code, day::text as day`,
    );
    for (const row of rowsOf<{ site_code: string; day: string }>(moved)) movedFrom.set(`${row.site_code}\u0000${row.day}`, { siteCode: row.site_code, day: row.day });
    await insertRows(tx, warehouseTransactions, batch.map(transactionRow));
  }
  const tenders = transactions.flatMap((t) => t.tenders.map((tender, position) => ({ ...tender, transactionId: t.id, position })));
  const items = transactions.flatMap((t) => t.items.map((item, position) => ({ ...item, transactionId: t.id, position })));
  const discounts = transactions.flatMap((t) => t.discounts.map((discount, position) => ({ ...discount, transactionId: t.id, position })));
  for (const batch of slices(tenders)) await insertRows(tx, warehouseTenders, batch);
  for (const batch of slices(items)) await insertRows(tx, warehouseItems, batch);
  for (const batch of slices(discounts)) await insertRows(tx, warehouseDiscounts, batch);
  return [...movedFrom.values()];
}

/** The last of each id wins: a vendor page that repeats a record (paging shifted) stores it once. */
export function uniqueById(transactions: readonly WarehouseTransaction[]): WarehouseTransaction[] {
  return [...new Map(transactions.map((t) => [t.id, t])).values()];
}
