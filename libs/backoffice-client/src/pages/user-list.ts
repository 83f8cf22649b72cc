import { Page, cleanText, toId } from './page.js';

/**
 * Every Back Office user, whatever their status. The real list's own filter is `statusSearch` (default
 * `all`); whether it honours `limit` as the roster does is unverified (protocol §4.4): a tenant with more
 * users than one page shows would be cut here, the one place that assumes it is not.
 */
export const USER_LIST_ALL_PATH = '/user?statusSearch=all&limit=10000';

/** `GET /user`: the Back Office user list; each row links to `/user/permissions/<id>`. */
export const userListSelectors = {
  table: 'table.table-users-list',
  rows: 'tbody tr',
  username: 'td.users-col-username',
  email: 'td.users-col-email',
  firstName: 'td.users-col-first-name',
  lastName: 'td.users-col-last-name',
  activeIcon: 'td.users-col-active i.fa-check',
  permissionsLink: 'a[href^="/user/permissions/"]',
} as const;

export interface BackofficeUserRow {
  userId: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  active: boolean;
}

export function parseUserListPage(html: string): BackofficeUserRow[] {
  const page = new Page('user-list', userListSelectors, html);
  const table = page.one('table');
  const users: BackofficeUserRow[] = [];
  page.all('rows', table).each((_, node) => {
    const row = page.$(node);
    const link = page.all('permissionsLink', row).first();
    const userId = toId(/\/user\/permissions\/(\d+)/.exec(link.attr('href') ?? '')?.[1]);
    if (userId === null) return;
    const text = (key: 'username' | 'email' | 'firstName' | 'lastName'): string => cleanText(page.all(key, row).first().text());
    users.push({
      userId,
      username: text('username'),
      email: text('email'),
      firstName: text('firstName'),
      lastName: text('lastName'),
      active: page.all('activeIcon', row).length > 0,
    });
  });
  return users;
}
