import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const example = fileURLToPath(new URL('./examples/quickstart.ts', import.meta.url));

describe('the README example', () => {
  it('runs against the simulator and shows every operation and error path', () => {
    const run = spawnSync(process.execPath, ['--conditions=@washops/source', '--import', 'tsx', example], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    for (const line of [/\d+ sites/, /list \d+, gift cards \d+, v2 \d+/, /streamed /, /page 1\/(\d+|\?): 100 rows/, /: \d+ rows, the last/, /transaction \d+:\d+: /, /loadJob \w+: \d+ records/, /cancelled: export cancelled by the user/, /DateRangeError: /, /ValidationError: .*site is required/, /NotFoundError: /, /after two 500s/, /rate limited \(attempt 1\) on \/site\/list: waiting \d+ ms/, /rate limited; retry after 150 ms/, /job timed out: /, /shared limiter sent 2 requests/]) {
      expect(run.stdout).toMatch(line);
    }
  }, 40_000);
});
