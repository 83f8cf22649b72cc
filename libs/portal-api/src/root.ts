import { authRouter } from './routers/auth.js';
import { discoveryRouter } from './routers/discovery.js';
import { employeesRouter } from './routers/employees.js';
import { usersRouter } from './routers/users.js';
import { createCallerFactory, router } from './trpc.js';

/** One router per domain; the transaction pages add theirs here. */
export const appRouter = router({
  auth: authRouter,
  discovery: discoveryRouter,
  employees: employeesRouter,
  users: usersRouter,
});

export type AppRouter = typeof appRouter;

/** Calls procedures in-process (React Server Components, tests) with a given context. */
export const createCaller = createCallerFactory(appRouter);
