/** The page shell every BackOffice page shares: head, navigation, the server flash container and the main column. */
import { escapeHtml as esc } from '../redirect-shell.js';

export interface Flash {
  type: 'error' | 'success';
  /** One message renders as `<p>`, a list (form errors) as `<ul>`. */
  messages: string[];
  asList: boolean;
}

export function renderFlashes(flashes: readonly Flash[]): string {
  const parts: string[] = ['\n<div class="alerts alerts-server">\n'];
  for (const f of flashes) {
    const body = f.asList
      ? `                                        <ul>\n${f.messages.map((m) => `                                    <li>${esc(m)}</li>\n`).join('')}                                </ul>\n`
      : `                                        <p>${esc(f.messages.join(' '))}</p>\n`;
    if (f.type === 'error') {
      parts.push(
        '                                <div class="alert alert-danger with-glyph" role="alert">\n' +
          '                            <span class="glyphicon glyphicon-exclamation-sign" aria-hidden="true"></span>\n' +
          '                <span class="sr-only">Error:</span>\n' +
          body +
          '                    </div><!-- /alert-danger -->\n',
      );
    } else {
      parts.push(
        '                        <div class="alert alert-success with-glyph" role="alert">\n' +
          '                            <span class="glyphicon glyphicon-ok-sign" aria-hidden="true"></span>\n' +
          '                <span class="sr-only">Success:</span>\n' +
          body +
          '                    </div><!-- /alert-success -->\n',
      );
    }
  }
  parts.push('            </div>\n');
  return parts.join('');
}

const ASSET = '?&_cb=5f0c1d6e2b7a4c93a1e8d2f4b6c8e0a1';

function head(title: string): string {
  return (
    '<!DOCTYPE html>\n<html lang="en">\n    <head>\n        <meta charset="utf-8">\n' +
    '        <meta http-equiv="X-UA-Compatible" content="IE=edge">\n' +
    '        <meta name="viewport" content="width=device-width, initial-scale=1, minimum-scale=1, maximum-scale=1, user-scalable=no, minimal-ui">\n' +
    `        <meta name="apple-mobile-web-app-title" content="Sonny's Controls">\n` +
    `        <meta name="application-name" content="Sonny's Controls">\n` +
    '        <meta name="theme-color" content="#0a8137">\n' +
    `        <link rel="shortcut icon" href="/favicon.ico${ASSET}">\n` +
    `                <title>\n\t\t\t\t\t\t\tSonny's Controls\n\t\t\t | ${esc(title)}\n        </title>\n` +
    `        <link href="/dist/css/sonnyapc.css${ASSET}" rel="stylesheet">\n` +
    `    <link rel="stylesheet" type="text/css" href="/css/global.css${ASSET}">\n` +
    '                                </head>\n\n    <body>'
  );
}

const NAV_SECTIONS: [string, [string, string][]][] = [
  ['Employees', [['/employee', 'Employee List'], ['/employee/department', 'Department List'], ['/employee/barcode', 'Barcodes'], ['/report/employee-timesheets', 'Timesheets']]],
  ['Users', [['/user', 'Back Office Users'], ['/pos-permission-template/list', 'POS Permission Templates']]],
  ['Sites', [['/site', 'Map'], ['/site/list', 'List'], ['/region', 'Region Settings'], ['/district', 'District Settings']]],
  ['Reports', [['/heatwave/sales-overview', 'Sales Overview'], ['/heatwave/sales-detail', 'Sales Detail'], ['/heatwave/line-item-sales', 'Line Item Sales']]],
  ['Customers', [['/customer/start', 'Customers'], ['/vehicle', 'Vehicles'], ['/house-account', 'House Accounts']]],
];

function loggedInNav(userName: string): string {
  const menu = NAV_SECTIONS.map(
    ([title, links], i) =>
      `                <li>\n                    <a href="#main-menu-section-${i}" class="sonny-nav collapsed" data-toggle="collapse">${esc(title)}</a>\n` +
      `                    <ul id="main-menu-section-${i}" class="collapse sub-menu">\n` +
      links.map(([href, text]) => `                        <li><a class="sonny-nav" href="${href}">${esc(text)}</a></li>\n`).join('') +
      '                    </ul>\n                </li>\n',
  ).join('');
  return (
    '\n                    <header class="sonny-navbar hidden-print">\n        <nav class="sonny-navbar-menu sonny-menu" role="navigation">\n' +
    '            <ul id="sonny-navbar-menu-left">\n                <li id="sidebar-toggle">\n                    <a href="#" id="btn-sidebar-toggle" class="sonny-nav btn-menu-toggle"><i class="open-menu fa fa-bars"></i><i class="close-menu fa fa-times"></i><span class="sr-only">Toggle Main Menu</span></a>\n                </li>\n' +
    `                <li>\n                    <a id="btn-navbar-logo" href="/"><img id="logo" src="/dist/img/nav-logo.svg${ASSET}" alt="Sonny's Controls logo"></a>\n                </li>\n            </ul>\n` +
    '            <ul id="sonny-navbar-menu-right">\n                <li class="sonny-navbar-dropdown">\n' +
    `                    <a id="btn-user-menu-dropdown" class="sonny-nav" href="#" data-toggle="dropdown" aria-haspopup="true" aria-expanded="false"><i class="fa fa-user text-warning"></i><span class="nav-label">${esc(userName)}<i class="fa fa-caret-down fa-spacer-left"></i></span></a>\n` +
    '                    <ul class="sub-menu">\n                        <li><a href="/logout" class="sonny-nav">Logout</a></li>\n                    </ul>\n                </li>\n            </ul>\n        </nav>\n    </header>\n\n' +
    '<div class="container-sidebar">\n    <div id="main-menu-collapse" class="collapse">\n        <nav id="main-menu" class="sonny-menu nix-bm">\n            <ul id="main-menu-list">\n' +
    menu +
    '            </ul>\n            <ul id="user-menu">\n                <li>\n' +
    `                    <a class="sonny-nav" href="/logout" id="a-link-sonny-nav-logout">Logout</a>\n` +
    '                </li>\n            </ul>\n        </nav>\n        <!-- /main-menu -->\n    </div>\n    <!-- /main-menu-collapse -->\n</div>\n<!-- /container-sidebar -->\n\n'
  );
}

const LOGGED_OUT_NAV =
  '\n                    <header class="sonny-navbar hidden-print">\n        <nav class="sonny-navbar-menu sonny-menu">\n' +
  `            <ul id="sonny-navbar-menu-left">\n                <li>\n                    <a id="btn-navbar-logo" href="/"><img id="logo" src="/dist/img/nav-logo.svg${ASSET}" alt="Sonny's Controls logo"></a>\n                </li>\n            </ul>\n` +
  '            <ul id="sonny-navbar-menu-right">\n                <li><a href="/login" class="sonny-nav"><i class="fa fa-user fa-spacer-right text-warning"></i><span class="nav-label">Login</span></a></li>\n            </ul>\n        </nav>\n    </header>\n\n';

const FOOT = `\n\n                        <script src="/dist/js/sonnyapc.js${ASSET}"></script>\n`;

/** A full page for a signed-in user. `main` is the content of `.container-fluid`. */
export function renderPage(opts: { title: string; userName: string; main: string; scripts?: string[] }): string {
  return (
    head(opts.title) +
    loggedInNav(opts.userName) +
    '    <div id="main-column">\n        <div class="container-fluid">\n\n' +
    opts.main +
    '\n  </div><!-- /container-fluid -->\n</div><!-- /main-column -->\n' +
    FOOT +
    (opts.scripts ?? []).map((s) => `    <script src="${s}${ASSET}"></script>\n`).join('') +
    '    </body>\n</html>\n'
  );
}

/** A page for a visitor without a session (the login page). */
export function renderLoggedOutPage(opts: { title: string; main: string }): string {
  return (
    head(opts.title) +
    LOGGED_OUT_NAV +
    '<div id="main-column-logged-out">\n    <div class="container-fluid">\n\n' +
    opts.main +
    '\n  </div><!-- /container-fluid -->\n</div><!-- /main-column -->\n' +
    FOOT +
    '    </body>\n</html>\n'
  );
}

/** A plain error page (404, injected 5xx), shaped like Symfony's production error page. */
export function renderErrorPage(status: number, text: string): string {
  return (
    `<!DOCTYPE html>\n<html>\n    <head>\n        <meta charset="UTF-8" />\n        <title>An Error Occurred: ${esc(text)}</title>\n    </head>\n` +
    `    <body>\n        <h1>Oops! An Error Occurred</h1>\n        <h2>The server returned a "${status} ${esc(text)}".</h2>\n\n` +
    '        <div>\n            Something is broken. Please let us know what you were doing when this error occurred.\n' +
    '            We will fix it as soon as possible. Sorry for any inconvenience caused.\n        </div>\n    </body>\n</html>\n'
  );
}
