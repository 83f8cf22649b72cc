/** The home page a sign-in lands on. */
import { renderDashboardPage } from '../pages/dashboard.js';
import { takeFlashes } from '../sessions.js';
import { page, type Route } from './replies.js';

export const dashboardRoutes: Route[] = [
  {
    method: 'GET',
    path: '/',
    handle: ({ sim, session }) => {
      const active = [...sim.store.employees.values()].filter((e) => e.isActive).length;
      const siteCount = sim.store.tree.sites.length;
      return page(renderDashboardPage({ userName: session.displayName, flashes: takeFlashes(session), employeeCount: active, siteCount }));
    },
  },
];
