import { Page, cleanText, toId } from './page.js';
import { parseSiteTree, siteTreeSelectors, type SiteTree } from './site-tree.js';

/** `GET /employee/create`: the source of the site tree, the sites' short codes and the departments. */
export const employeeCreateSelectors = {
  ...siteTreeSelectors,
  form: 'form[action="/employee/insert"]',
  departmentOptions: 'select[name="employee[departments][]"] option',
  departmentSelect: 'select[name="employee[departments][]"]',
  wageSiteOptions: 'select[name="wage[siteId]"] option',
} as const;

export interface CreateFormSite {
  id: number;
  /** The long name shown in the site tree (`WashU Fiesta`). */
  name: string;
  /** The short code the roster and the wage select show (`FIESTA`), when the page lists one. */
  code: string | null;
  districtId: number | null;
  regionId: number | null;
}

export interface CreateFormInfo {
  tree: SiteTree;
  sites: CreateFormSite[];
  departments: Array<{ id: number; name: string }>;
}

export function parseEmployeeCreatePage(html: string): CreateFormInfo {
  const page = new Page('employee-create', employeeCreateSelectors, html);
  const form = page.one('form');
  const tree = parseSiteTree(page);
  const codes = new Map<number, string>();
  page.all('wageSiteOptions', form).each((_, node) => {
    const el = page.$(node);
    const id = toId(el.attr('value'));
    const code = cleanText(el.text());
    if (id !== null && code) codes.set(id, code);
  });
  page.one('departmentSelect', form);
  const departments: Array<{ id: number; name: string }> = [];
  page.all('departmentOptions', form).each((_, node) => {
    const el = page.$(node);
    const id = toId(el.attr('value'));
    const name = cleanText(el.text());
    if (id !== null && name) departments.push({ id, name });
  });
  return {
    tree,
    sites: tree.sites.map((site) => ({ ...site, code: codes.get(site.id) ?? null })),
    departments,
  };
}
