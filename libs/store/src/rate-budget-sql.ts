import { sql, type SQL } from 'drizzle-orm';
import type { StoreDb } from './connection.js';

// The shared budget's statements. Every time is the database's `clock_timestamp()`, so processes on
// different machines agree; every decision runs under a transaction-scoped advisory lock on the key
// (a session lock would be shared by every socket client of the embedded PGlite, STACK.md).

const ms = (value: number): SQL => sql`(${value}::double precision * interval '1 millisecond')`;

export interface BudgetRules {
  key: string;
  windowMs: number;
  holdMs: number;
  /** Slots this consumer may count (its ceiling). */
  limit: number;
}

export type TakeOutcome = { slotIds: number[] } | { waitMs: number };

/** A slot stops counting `windowMs` after it settled, or at `hold_until` when nobody settled it. */
const expired = (windowMs: number): SQL =>
  sql`((settled_at is not null and settled_at + ${ms(windowMs)} <= clock_timestamp()) or (settled_at is null and hold_until <= clock_timestamp()))`;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * One statement, so one short transaction: `rate_budget_take` (migration 0005) drops expired slots,
 * counts the rest, and takes up to `wanted` when there is room and no pause (one round trip serves
 * every caller this process has waiting). Otherwise it says how long until
 * room could first appear: an unsettled slot cannot stop counting before a full window from now, so
 * nobody polls sooner than needed.
 */
export async function takeSlots(db: StoreDb, rules: BudgetRules, wanted: number): Promise<TakeOutcome> {
  const rows = rowsOf<{ slot_id: string | number | null; wait_ms: string | number }>(
    await db.execute(sql`select slot_id, wait_ms from rate_budget_take(${rules.key}, ${rules.windowMs}, ${rules.holdMs}, ${rules.limit}, ${wanted})`),
  );
  const slotIds = rows.flatMap((row) => (row.slot_id === null ? [] : [Number(row.slot_id)]));
  if (slotIds.length > 0) return { slotIds };
  return { waitMs: Number(rows[0]?.wait_ms ?? 1) };
}

/** The request got its answer (`settled_at` now) or ended without one (held for a window more). */
export async function settleSlot(db: StoreDb, slotId: number, heldForMs: number): Promise<void> {
  await db.execute(sql`update rate_budget_slots set settled_at = clock_timestamp() + ${ms(heldForMs)} where id = ${slotId} and settled_at is null`);
}

/** A slot taken for a caller who gave up before sending: it never reached the server. */
export async function returnSlot(db: StoreDb, slotId: number): Promise<void> {
  await db.execute(sql`delete from rate_budget_slots where id = ${slotId}`);
}

/** Nobody on this key sends before `ms` from now (a 429 seen by any process). */
export async function pauseBudget(db: StoreDb, key: string, pauseMs: number): Promise<void> {
  await db.execute(sql`
    insert into rate_budgets (key, paused_until) values (${key}, clock_timestamp() + ${ms(pauseMs)})
    on conflict (key) do update set paused_until = greatest(rate_budgets.paused_until, excluded.paused_until)`);
}

/** The statements bound to one database: the store wraps them in its guard (typed errors, embedded takeover). */
export function budgetStatements(db: StoreDb) {
  return {
    takeSlots: (rules: BudgetRules, wanted: number) => takeSlots(db, rules, wanted),
    settleSlot: (slotId: number, heldForMs: number) => settleSlot(db, slotId, heldForMs),
    returnSlot: (slotId: number) => returnSlot(db, slotId),
    pauseBudget: (key: string, pauseMs: number) => pauseBudget(db, key, pauseMs),
    budgetUsage: (key: string, windowMs: number) => budgetUsage(db, key, windowMs),
  };
}

export type BudgetStatements = ReturnType<typeof budgetStatements>;

export async function budgetUsage(db: StoreDb, key: string, windowMs: number): Promise<{ inUse: number; pausedUntil: Date | null }> {
  const [row] = rowsOf<{ in_use: string | number; paused_until: Date | string | null }>(
    await db.execute(sql`
      select
        (select count(*) from rate_budget_slots where key = ${key} and not ${expired(windowMs)}) as in_use,
        (select paused_until from rate_budgets where key = ${key} and paused_until > clock_timestamp()) as paused_until`),
  );
  const paused = row?.paused_until ?? null;
  return { inUse: Number(row?.in_use ?? 0), pausedUntil: paused === null ? null : new Date(paused) };
}
