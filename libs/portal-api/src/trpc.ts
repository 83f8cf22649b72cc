import { initTRPC, TRPCError } from '@trpc/server';
import type { PortalContext } from './context.js';
import { PublicErrorCause, toTrpcError } from './errors.js';
import { publicErrorOf } from './public-error.js';
import { hiddenCharacterError, hiddenCharacterIssues } from './plain-text-input.js';

const t = initTRPC.context<PortalContext>().create({
  isDev: false,
  errorFormatter({ shape, error }) {
    const publicError = publicErrorOf(error);
    return {
      code: shape.code,
      message: publicError.message,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, publicError },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Errors thrown by the clients become tRPC errors with the right code and a safe message. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR' && !(result.error.cause instanceof PublicErrorCause)) {
    throw toTrpcError(result.error.cause ?? result.error);
  }
  return result;
});

/**
 * Mutations refuse cross-origin browser requests (CSRF): an `Origin` must match the host, and
 * `Sec-Fetch-Site: cross-site` is refused. Calls without a request (in-process) are trusted.
 */
const sameOriginMutations = t.middleware(({ ctx, type, next }) => {
  const request = ctx.request;
  if (type === 'mutation' && request) {
    if (request.secFetchSite === 'cross-site') {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'Cross-site requests may not change anything.' });
    }
    if (request.origin !== null) {
      let originHost: string | null = null;
      try {
        originHost = new URL(request.origin).host;
      } catch {
        originHost = null;
      }
      if (originHost === null || originHost !== request.host) {
        throw new TRPCError({ code: 'FORBIDDEN', message: 'Cross-origin requests may not change anything.' });
      }
    }
  }
  return next();
});

/**
 * Refuses control and bidirectional formatting characters in any text of the input (passwords
 * aside) as a schema error, before the procedure's own schema and before any client call.
 */
const plainTextInput = t.middleware(async ({ getRawInput, next }) => {
  const issues = hiddenCharacterIssues(await getRawInput());
  if (issues.length > 0) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'The input holds control or bidirectional formatting characters.', cause: hiddenCharacterError(issues) });
  }
  return next();
});

const baseProcedure = t.procedure.use(mapErrors).use(sameOriginMutations);

export const publicProcedure = baseProcedure.use(plainTextInput);

/** Needs a signed-in portal user. */
const signedInProcedure = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue.' });
  return next({ ctx: { ...ctx, session: ctx.session } });
});

export const protectedProcedure = signedInProcedure.use(plainTextInput);

/** Needs a signed-in portal user with the `admin` role: every write. */
export const adminProcedure = signedInProcedure
  .use(({ ctx, next }) => {
    if (ctx.session.role !== 'admin') {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'Only an admin may make changes. You are signed in as a viewer.' });
    }
    return next();
  })
  .use(plainTextInput);
