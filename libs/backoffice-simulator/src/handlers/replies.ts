/** What every handler works with: the request, its session, the simulator state, and the shapes of an answer. */
import type { FormBody } from '../form.js';
import { renderErrorPage } from '../pages/layout.js';
import { redirectShell } from '../redirect-shell.js';
import type { Session } from '../sessions.js';
import type { SimState } from '../state.js';

export interface Reply {
  status: number;
  body: string;
  location?: string;
}

export interface RequestContext {
  method: string;
  path: string;
  url: URL;
  /** The parsed form of a POST; empty for other requests. */
  form: FormBody;
  session: Session;
  sim: SimState;
  /** Answers with another session's cookie (sign-in and sign-out). */
  replaceSession(session: Session): void;
}

export interface Route {
  method: 'GET' | 'POST';
  /** An exact path, or a pattern whose groups are passed to the handler. */
  path: string | RegExp;
  handle: (ctx: RequestContext, params: string[]) => Reply;
  /** Served without a signed-in session. */
  public?: boolean;
}

export const redirect = (location: string): Reply => ({ status: 302, body: redirectShell(location), location });
export const page = (body: string): Reply => ({ status: 200, body });
export const notFound = (): Reply => ({ status: 404, body: renderErrorPage(404, 'Not Found') });

/** Back to the form with a one-time error flash and a fresh `actionXfer`, as the real server answers a rejected post. */
export function fail(ctx: RequestContext, target: string, messages: string[], asList: boolean): Reply {
  ctx.session.flashes.push({ type: 'error', messages, asList });
  const xfer = ctx.sim.xfer.alnum(8);
  return redirect(`${target}${target.includes('?') ? '&' : '?'}actionXfer=${xfer}`);
}

export function succeed(ctx: RequestContext, target: string, message: string | null): Reply {
  if (message) ctx.session.flashes.push({ type: 'success', messages: [message], asList: false });
  return redirect(target);
}

/** The record a post names by its id field, if it exists. */
export function byId<T>(records: Map<number, T>, id: number | null): T | undefined {
  return id === null ? undefined : records.get(id);
}
