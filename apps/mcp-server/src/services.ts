import type { BackofficeClient } from '@washops/backoffice-client';
import type { TransactionsClient } from '@washops/transactions-client';
import { InternalError } from '@washops/shared-errors';

/**
 * The long-lived clients the tools call. Each is present only when its area has credentials
 * (or in demo mode); tools of a missing area are not registered at all.
 */
export interface ToolServices {
  backoffice?: BackofficeClient;
  transactions?: TransactionsClient;
}

export function backofficeOf(services: ToolServices): BackofficeClient {
  if (!services.backoffice) throw new InternalError('The Back Office tools are not configured.');
  return services.backoffice;
}

export function transactionsOf(services: ToolServices): TransactionsClient {
  if (!services.transactions) throw new InternalError('The transaction tools are not configured.');
  return services.transactions;
}
