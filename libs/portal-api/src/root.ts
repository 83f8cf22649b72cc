import { auditRouter } from './routers/audit.js';
import { bulkRouter } from './routers/bulk.js';
import { customersRouter } from './routers/customers.js';
import { backofficeUsersRouter } from './routers/backoffice-users.js';
import { authRouter } from './routers/auth.js';
import { digestRouter } from './routers/digest.js';
import { discoveryRouter } from './routers/discovery.js';
import { employeesRouter } from './routers/employees.js';
import { giftCardsRouter } from './routers/gift-cards.js';
import { itemsRouter } from './routers/items.js';
import { kpisRouter } from './routers/kpis.js';
import { portalUsersRouter } from './routers/portal-users.js';
import { reportsRouter } from './routers/reports.js';
import { syncRouter } from './routers/sync.js';
import { timeClockRouter } from './routers/time-clock.js';
import { transactionsRouter } from './routers/transactions.js';
import { createCallerFactory, router } from './trpc.js';

/** One router per domain. */
export const appRouter = router({
  audit: auditRouter,
  auth: authRouter,
  bulk: bulkRouter,
  customers: customersRouter,
  digest: digestRouter,
  discovery: discoveryRouter,
  employees: employeesRouter,
  giftCards: giftCardsRouter,
  items: itemsRouter,
  kpis: kpisRouter,
  backofficeUsers: backofficeUsersRouter,
  portalUsers: portalUsersRouter,
  reports: reportsRouter,
  sync: syncRouter,
  timeClock: timeClockRouter,
  transactions: transactionsRouter,
});

export type AppRouter = typeof appRouter;

/** Calls procedures in-process (React Server Components, tests) with a given context. */
export const createCaller = createCallerFactory(appRouter);
