// `npm run bench`: runs every project's benchmark (`libs/*/bench/index.ts`, `apps/*/bench/index.ts`) against the simulators,
// one after another so that they do not compete for the machine. Each prints its own table.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const only = process.argv.slice(2);
const benches = ['libs', 'apps']
  .flatMap((folder) => readdirSync(folder).map((name) => ({ name, entry: join(folder, name, 'bench', 'index.ts') })))
  .filter(({ name, entry }) => existsSync(entry) && (only.length === 0 || only.includes(name)));

if (benches.length === 0) {
  console.log('No benchmarks found (libs/*/bench/index.ts, apps/*/bench/index.ts).');
  process.exit(0);
}
let failed = 0;
for (const { name, entry } of benches) {
  console.log(`\n=== ${name} ===`);
  const run = spawnSync(process.execPath, ['--conditions=@washops/source', '--import', 'tsx', entry], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
