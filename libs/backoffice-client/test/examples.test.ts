import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

describe('README tour', () => {
  it('runs every operation of the README against the simulator', () => {
    const run = spawnSync(process.execPath, ['--conditions=@washops/source', '--import', 'tsx', 'libs/backoffice-client/test/examples/tour.ts'], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/created \{/);
    expect(run.stdout).toMatch(/disabled \{/);
    expect(run.stdout).toMatch(/linked Back Office user \d+ linked \d+/);
    expect(run.stdout).toMatch(/partial failure \d+ \[ 'insertEmployee', 'verifySites' \] \[ 'applyPermissions' \]/);
    for (const kind of ['LookupError', 'DuplicateError', 'NotFoundError', 'ValidationError']) expect(run.stdout).toContain(`${kind} →`);
  }, 60_000);
});
