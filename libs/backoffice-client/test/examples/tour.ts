// A tour of every BackofficeClient operation against the local simulator.
// Run from the repo root: node --conditions=@washops/source --import tsx libs/backoffice-client/test/examples/tour.ts
// Outside this package: import { BackofficeClient } from '@washops/backoffice-client';
import { BackofficeClient } from '../../src/index.js';
import { startBackofficeSimulator } from '@washops/backoffice-simulator';
import { DuplicateError, LookupError, NotFoundError, ValidationError, WashOpsError, toPublicError } from '@washops/shared-errors';

const sim = await startBackofficeSimulator({ seed: 'demo' });
await using bo = new BackofficeClient({ baseUrl: sim.url, username: 'bot', password: 'bot-password' });

// Discovery (cached; pass { refresh: true } to refetch)
const sites = await bo.listSites();
console.log(`${sites.length} sites, first: ${sites[0]?.name} (${sites[0]?.code}) in ${sites[0]?.regionName}`);
console.log('departments:', (await bo.listDepartments()).map((d) => d.name).join(', '));
const permissions = await bo.listPermissions(); // scope: 'pos' | 'backoffice' | 'all' (default)
console.log('POS templates:', permissions.filter((p) => p.scope === 'pos').map((p) => p.name).join(', '));
console.log('Back Office templates:', permissions.filter((p) => p.scope === 'backoffice').map((p) => p.name).join(', '));
const employees = await bo.listEmployees({ active: 'active' });
console.log(`${employees.length} active employees`);

// Availability (one cached employee index: roster + the /user/create email map)
console.log('POS id 424242 free?', await bo.isPosUserIdAvailable(424242));
console.log('email free?', await bo.isEmailAvailable('Jordan.New@Example.com'));
console.log('phone free?', await bo.isPhoneAvailable('(312) 555-0142'));

// Create an employee with a linked Back Office user
const created = await bo.createEmployee({
  firstName: 'Jordan',
  lastName: 'New',
  phone: '(312) 555-0142',
  email: 'jordan.new@example.com',
  posUserId: 424242,
  wageRate: 17.25, // overtime defaults to 1.5× = 25.88
  startDate: '2026-05-01',
  availableSites: ['WashU Fiesta', 'NOLO'], // long names or short codes, or 'all'
  permission: 'Cashier',
  departments: ['Greeter'],
  requiresBackoffice: true,
  backofficeUsername: 'jordan_new',
});
console.log('created', created);

// A standalone Back Office user (linked mode: linkToEmployeePosUserId or linkToEmployeeEmail)
const user = await bo.createBackofficeUser({
  username: 'outside_accountant',
  email: 'accountant@example.com',
  permission: 'General Manager',
  firstName: 'Alex',
  lastName: 'Books',
});
console.log('Back Office user', user.userId, user.mode, user.templateApplied, user.warnings);

// A Back Office user linked to an existing, active employee (by POS user id or by email)
const linked = await bo.createBackofficeUser({ username: 'jordan_bo', email: 'jordan.new@example.com', permission: 'Manager', linkToEmployeePosUserId: 424242 });
console.log('linked Back Office user', linked.userId, linked.mode, linked.employeeId);

// The steps of createEmployee are not atomic: a failure after the insert names the employee created
sim.control.inject({ route: 'POST /employee/permissions/update', kind: 'serverError', count: 1 });
try {
  await bo.createEmployee({ ...baseInput(), posUserId: 616161, email: 'pat.partial@example.com', phone: '3125550177' });
} catch (error) {
  if (error instanceof WashOpsError && error.details['employeeId']) {
    const { employeeId, completedSteps, unverifiedSteps, remainingSteps } = error.details;
    console.log('partial failure', employeeId, completedSteps, remainingSteps, unverifiedSteps);
  }
}

// Disable (by posUserId or by email), verified by reading the edit form back
const disabled = await bo.disableEmployee({ posUserId: 424242 });
console.log('disabled', disabled);

// Re-hire: the mirror of disable, verified; already active is a no-op with a warning
console.log('reactivated', await bo.reactivateEmployee({ posUserId: 424242 }));

// Look up in full: profile, wage history (newest first, in cents) and the POS permission
const employee = await bo.getEmployee({ posUserId: 424242 });
console.log('employee', employee.firstName, employee.availableSites, employee.compensation[0], employee.permission.template);

// Find through the roster's own filters (name prefixes, any case), then the phone's digits
console.log('found', (await bo.findEmployees({ firstName: 'jo', lastName: 'New' })).length, 'by name prefixes');
console.log('the one', (await bo.findEmployee({ firstName: 'Jordan', lastName: 'New' })).posUserId);

// Change fields: the whole edit form posted back with only these replaced, then read back
const updated = await bo.updateEmployee({ posUserId: 424242 }, { phone: '(312) 555-0143', departments: ['Greeter', 'Line'] });
console.log('updated', updated.changed, updated.unchanged);

// A raise: a date the server would silently ignore is refused before any POST
const raise = await bo.setWage({ posUserId: 424242 }, { regularRate: 18.5, effectiveDate: '2027-01-01' });
console.log('raise', raise.wage);

// Another POS template: its whole matrix posted, then read back
const promoted = await bo.setEmployeePermission({ posUserId: 424242 }, 'Shift Leader');
console.log('permission', promoted.template, promoted.warnings);

// The Back Office users, and a template given to one of them, its accessible sites kept as they are
console.log('Back Office users', (await bo.listBackofficeUsers()).length);
const applied = await bo.applyBackofficeTemplate({ username: 'jordan_bo' }, 'General Manager');
console.log('template applied', applied.template, applied.accessibleSites);

// Errors are typed; toPublicError gives { code, message, details } safe to show
for (const attempt of [
  () => bo.createEmployee({ ...baseInput(), availableSites: ['Atlantis'] }), // LookupError
  () => bo.createEmployee({ ...baseInput(), posUserId: 424242 }), // DuplicateError (field posUserId)
  () => bo.disableEmployee({ email: 'nobody@example.com' }), // NotFoundError
  () => bo.createEmployee({ ...baseInput(), phone: '123' }), // ValidationError, before any request
]) {
  try {
    await attempt();
  } catch (error) {
    const kind = [LookupError, DuplicateError, NotFoundError, ValidationError].find((c) => error instanceof c)?.name;
    console.log(kind, '→', toPublicError(error).message);
  }
}

// Cancelling: every call takes { signal } last and rejects with its reason, sending nothing more
const gone = new AbortController();
const pending = bo.listEmployees({ refresh: true, signal: gone.signal });
gone.abort(new Error('the page was closed'));
console.log('cancelled →', await pending.catch((error: Error) => error.message));

function baseInput() {
  return {
    firstName: 'Sam',
    lastName: 'Other',
    phone: '3125550199',
    email: 'sam.other@example.com',
    posUserId: 515151,
    wageRate: '15.00',
    startDate: new Date(),
    availableSites: 'all' as const,
    permission: 'General User',
    departments: ['Line'],
  };
}

await bo.close();
await sim.close();
