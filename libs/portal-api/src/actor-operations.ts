import type { ActorOperations } from '@washops/operations';
import type { PortalSession } from './auth/sessions.js';
import type { PortalDeps } from './context.js';

/** The audited writes as the signed-in portal user: each event names them, on the `portal` channel. */
export function operationsAs(ctx: { deps: PortalDeps; session: PortalSession }): ActorOperations {
  return ctx.deps.operations.as({ channel: 'portal', name: ctx.session.username });
}
