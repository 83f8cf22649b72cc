import { errorForLog, type McpLogger } from './log.js';
import type { ToolServices } from './services.js';

/** The most values one completion answers with (the protocol's own cap). */
const MAX_VALUES = 100;

/** Candidates starting with what was typed (any case), each once, in their given order. */
export function startingWith(typed: string | undefined, candidates: Iterable<string>): string[] {
  const prefix = (typed ?? '').trim().toLowerCase();
  const out = new Set<string>();
  for (const candidate of candidates) {
    if (candidate && candidate.toLowerCase().startsWith(prefix)) out.add(candidate);
    if (out.size === MAX_VALUES) break;
  }
  return [...out];
}

/** A completer over the tenant's names: `[]` for an unknown prefix or a missing service. */
export type Complete = (typed: string | undefined) => Promise<string[]>;

/**
 * What prompt arguments and resource-template variables complete from: the names in the tenant. Every list
 * comes from the Back Office client's discovery caches (the create form, the permission pages, the employee
 * index), so typing costs at most the one discovery read that fills a cache, never a request per keystroke.
 * A failed read completes nothing (logged): completion is a convenience, never an error.
 */
export interface TenantNames {
  /** Back Office site names and short codes. */
  sites: Complete;
  /** Site codes alone: what the reports and the operator's numbers take. */
  siteCodes: Complete;
  /** Back Office regions (sites' regions). */
  regions: Complete;
  departments: Complete;
  posTemplates: Complete;
  backofficeTemplates: Complete;
  /** Employees by POS user id (digits typed) or by name ("Pat", "Smi", "Pat Smith"). */
  employees: Complete;
  /** Employees' POS user ids, matched by id or by name. */
  employeePosIds: Complete;
}

type Roster = Awaited<ReturnType<NonNullable<ToolServices['backoffice']>['listEmployees']>>;

/** Whether an employee's first, last or full name starts with what was typed. */
function nameStarts(employee: Roster[number], typed: string): boolean {
  const prefix = typed.trim().toLowerCase();
  return [employee.firstName, employee.lastName, `${employee.firstName} ${employee.lastName}`].some((name) => name.toLowerCase().startsWith(prefix));
}

export function tenantNames(services: ToolServices, logger: McpLogger): TenantNames {
  const backoffice = services.backoffice;
  /** Runs one cached read; a failure completes nothing. */
  const guarded =
    (what: string, read: (typed: string) => Promise<string[]>): Complete =>
    async (typed) => {
      if (!backoffice) return [];
      try {
        return await read(typed ?? '');
      } catch (error) {
        logger.warn({ completion: what, error: errorForLog(error) }, 'completion could not read the tenant');
        return [];
      }
    };
  const roster = () => backoffice!.listEmployees({ active: 'all' });
  return {
    sites: guarded('sites', async (typed) => {
      const sites = await backoffice!.listSites();
      return startingWith(typed, sites.flatMap((site) => [site.name, site.code ?? '']));
    }),
    siteCodes: guarded('siteCodes', async (typed) => startingWith(typed, (await backoffice!.listSites()).map((site) => site.code ?? ''))),
    regions: guarded('regions', async (typed) => startingWith(typed, (await backoffice!.listSites()).map((site) => site.regionName ?? ''))),
    departments: guarded('departments', async (typed) => startingWith(typed, (await backoffice!.listDepartments()).map((d) => d.name))),
    posTemplates: guarded('posTemplates', async (typed) => startingWith(typed, (await backoffice!.listPermissions({ scope: 'pos' })).map((p) => p.name))),
    backofficeTemplates: guarded('backofficeTemplates', async (typed) =>
      startingWith(typed, (await backoffice!.listPermissions({ scope: 'backoffice' })).map((p) => p.name)),
    ),
    employees: guarded('employees', async (typed) => {
      const employees = await roster();
      if (/^\d+$/.test(typed.trim())) return startingWith(typed, employees.map((e) => (e.posUserId === null ? '' : String(e.posUserId))));
      return startingWith('', employees.filter((e) => nameStarts(e, typed)).map((e) => `${e.firstName} ${e.lastName}`));
    }),
    employeePosIds: guarded('employeePosIds', async (typed) => {
      const employees = (await roster()).filter((e) => e.posUserId !== null);
      const byId = employees.filter((e) => String(e.posUserId).startsWith(typed.trim()));
      return startingWith('', [...byId, ...employees.filter((e) => nameStarts(e, typed))].map((e) => String(e.posUserId)));
    }),
  };
}
