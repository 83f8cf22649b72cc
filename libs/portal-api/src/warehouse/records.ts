import { fromCents } from '@washops/client-core';
import { jobItemOfWarehouse } from '@washops/operations/warehouse-mapping';
import type { Transaction, TransactionListItem } from '@washops/transactions-client';
import type { WarehouseTransaction } from '@washops/store';


/** The detail page's shape (`GET /transaction/{id}`): the job item without the v2 fields. */
export function detailOfWarehouse(t: WarehouseTransaction): Transaction {
  const { isRecurringPlanSale: _sale, isRecurringPlanRedemption: _redemption, transactionStatus: _status, ...detail } = jobItemOfWarehouse(t);
  return detail;
}

/** A row of the explorer's v1 list. */
export function listItemOfWarehouse(t: WarehouseTransaction): TransactionListItem {
  return { transNumber: t.number, transId: t.id, total: fromCents(t.totalCents), date: t.completedAt.toISOString() };
}
