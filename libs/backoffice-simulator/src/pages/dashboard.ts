/** `GET /`: the landing page after sign-in (never captured in detail; a plain dashboard with the shell). */
import { renderFlashes, renderPage, type Flash } from './layout.js';

export function renderDashboardPage(opts: { userName: string; flashes: readonly Flash[]; employeeCount: number; siteCount: number }): string {
  const main =
    '    <header class="sonny-header">\n        <h1 id="page-title">Dashboard</h1>\n    </header>\n    <!-- /sonny-header -->\n' +
    renderFlashes(opts.flashes) +
    '    <div class="main-column-full-width">\n        <div class="row" id="dashboard-widgets">\n' +
    `            <div class="col-xs-12 col-md-6"><div class="sbox sbox-bg"><h3>Employees</h3><p><a href="/employee">${opts.employeeCount} active employees</a></p></div></div>\n` +
    `            <div class="col-xs-12 col-md-6"><div class="sbox sbox-bg"><h3>Sites</h3><p><a href="/site/list">${opts.siteCount} sites</a></p></div></div>\n` +
    '        </div>\n    </div>\n';
  return renderPage({ title: 'Dashboard', userName: opts.userName, main });
}
