import { authRouter } from './routers/auth.js';
import { createCallerFactory, router } from './trpc.js';

export const appRouter = router({
  auth: authRouter,
});

export type AppRouter = typeof appRouter;

/** Calls procedures in-process (React Server Components, tests) with a given context. */
export const createCaller = createCallerFactory(appRouter);
