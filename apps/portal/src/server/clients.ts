import 'server-only';
import { BackofficeClient } from '@washops/backoffice-client';
import { TransactionsClient } from '@washops/transactions-client';
import type { PortalDeps } from '@washops/portal-api';
import type { PortalEnv } from '../env';

/** The tenant's clients, built from the environment; credentials never leave the server. */
export function createClients(env: PortalEnv): Pick<PortalDeps, 'backoffice' | 'transactions'> {
  return {
    backoffice: new BackofficeClient({ ...env.backoffice }),
    transactions: new TransactionsClient({ ...env.transactions }),
  };
}
