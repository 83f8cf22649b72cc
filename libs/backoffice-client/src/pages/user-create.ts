import { emailKey } from '../normalize.js';
import { Page, cleanText, toId } from './page.js';

/** `GET /user/create`: the Back Office user form; its employee dropdown carries every employee's email. */
export const userCreateSelectors = {
  form: 'form[action="/user/insert"]',
  employeeSelect: 'select[name="user[employeeId]"]',
  /** Direct children of the select (a context-wide `find` is slow on 10 000 options). */
  employeeOptions: 'option',
} as const;

export interface LinkableEmployee {
  employeeId: number;
  name: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface UserCreatePage {
  employees: LinkableEmployee[];
  /** Lower-cased, trimmed email → employee id; options without an email are left out. */
  emailMap: Map<string, number>;
}

export function parseUserCreatePage(html: string): UserCreatePage {
  const page = new Page('user-create', userCreateSelectors, html);
  const form = page.one('form');
  const select = page.one('employeeSelect', form);
  const employees: LinkableEmployee[] = [];
  const emailMap = new Map<string, number>();
  select.children(userCreateSelectors.employeeOptions).each((_, node) => {
    const el = page.$(node);
    const employeeId = toId(el.attr('value'));
    if (employeeId === null) return;
    const email = (el.attr('data-email') ?? '').trim();
    employees.push({
      employeeId,
      name: cleanText(el.text()),
      email,
      firstName: (el.attr('data-first-name') ?? '').trim(),
      lastName: (el.attr('data-last-name') ?? '').trim(),
    });
    if (email && !emailMap.has(emailKey(email))) emailMap.set(emailKey(email), employeeId);
  });
  return { employees, emailMap };
}
