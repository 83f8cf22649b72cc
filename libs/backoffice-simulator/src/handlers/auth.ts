/** Signing in and out: the login page, `POST /login_check` and `GET /logout`. */
import { renderLoginPage } from '../pages/login.js';
import { takeFlashes } from '../sessions.js';
import { page, redirect, type Reply, type RequestContext, type Route } from './replies.js';

function loginCheck(ctx: RequestContext): Reply {
  const { sim, form } = ctx;
  const username = form.value('_username');
  const password = form.value('_password');
  const users = [...sim.store.users.values()];
  const configured = sim.settings.signIns.find((u) => u.username === username && u.password === password);
  const created = users.find((u) => u.active && u.password !== null && u.username === username && u.password === password);
  const account = configured ? users.find((u) => u.username === configured.username) : created;
  if (!configured && !created) {
    ctx.session.flashes.push({ type: 'error', messages: ['Invalid credentials.'], asList: false });
    return redirect('/login');
  }
  // A new session id on sign-in, as Symfony migrates the session.
  sim.sessions.end(ctx.session.id);
  const fresh = sim.sessions.create();
  fresh.username = username;
  fresh.displayName = account ? `${account.firstName} ${account.lastName}` : username;
  ctx.replaceSession(fresh);
  return redirect('/');
}

function logout(ctx: RequestContext): Reply {
  ctx.sim.sessions.end(ctx.session.id);
  ctx.replaceSession(ctx.sim.sessions.create());
  return redirect('/login');
}

export const authRoutes: Route[] = [
  { method: 'GET', path: '/login', public: true, handle: (ctx) => page(renderLoginPage(takeFlashes(ctx.session))) },
  { method: 'POST', path: '/login_check', public: true, handle: loginCheck },
  { method: 'GET', path: '/logout', public: true, handle: logout },
];
