import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

describe('README tour', () => {
  it('runs every operation of the README against the simulator', () => {
    const run = spawnSync(process.execPath, ['--conditions=@washops/source', '--import', 'tsx', 'libs/backoffice-client/test/examples/tour.ts'], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 60_000,
      // Task runners set FORCE_COLOR; the example's console output is matched as plain text.
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
    });
    const stdout = stripVTControlCharacters(run.stdout);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(stdout).toMatch(/created \{/);
    expect(stdout).toMatch(/disabled \{/);
    expect(stdout).toMatch(/reactivated \{/);
    expect(stdout).toMatch(/employee Jordan \[ 'Wash 37135', 'WashU Fiesta' \] \{[^}]*regularRateCents: 1725[^}]*\} Cashier/);
    expect(stdout).toMatch(/the one 424242/);
    expect(stdout).toMatch(/updated \[ 'phone', 'departments' \] \[\]/);
    expect(stdout).toMatch(/raise \{[^}]*regularRateCents: 1850[^}]*effectiveDate: '2027-01-01'/);
    expect(stdout).toMatch(/linked Back Office user \d+ linked \d+/);
    expect(stdout).toMatch(/Back Office user \d+ standalone true \[\]/);
    expect(stdout).toMatch(/permission Shift Leader \[\]/);
    expect(stdout).toMatch(/Back Office users \d+/);
    // jordan_bo is linked to Jordan: the employee's two sites, kept by the template step.
    expect(stdout).toContain("template applied General Manager [ 'Wash 37135', 'WashU Fiesta' ]");
    expect(stdout).toMatch(/partial failure \d+ \[ 'insertEmployee', 'verifySites' \] \[ 'applyPermissions' \]/);
    expect(stdout).toContain('cancelled → the page was closed');
    for (const kind of ['LookupError', 'DuplicateError', 'NotFoundError', 'ValidationError']) expect(stdout).toContain(`${kind} →`);
  }, 60_000);
});
