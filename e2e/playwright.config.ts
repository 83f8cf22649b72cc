import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env['E2E_PORT'] ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
/** The portal's database for the suite, emptied at each start (outside the repository: nothing to ignore). */
const dataDir = join(tmpdir(), `washops-e2e-${port}`);

/**
 * Drives Debian's Chromium (Playwright cannot download its own browser here). The `e2e` target's
 * dependency on the build builds the portal and the simulators; the web server is `npm start`'s
 * script without its build step, on ports of its own (portal 3100, simulators 4110 and 4120) so
 * that a running `npm start` does not disturb the suite. Each run starts from the seeded tenant.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  // Three lanes, each project on one worker: the browser specs on the shared demo server one file after
  // another; beside them the accessibility scans (they change nothing), and the specs that start their
  // own servers with the Today dashboard's long sync (no other spec's assertions depend on it). The lanes
  // mostly wait on the Data API's budget and on page loads, so two cores carry three.
  workers: 3,
  forbidOnly: !!process.env['CI'],
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Signs the demo users in once; the tests reuse their cookies (storage state).
    { name: 'sign-ins', testMatch: /\.setup\.ts$/, workers: 1 },
    {
      name: 'chromium',
      dependencies: ['sign-ins'],
      testIgnore: [/\.setup\.ts$/, /secret-canary\.spec\.ts$/, /system-of-record\.spec\.ts$/, /today\.spec\.ts$/, /accessibility\.spec\.ts$/],
      workers: 1,
    },
    // Every page as each role sees it, scanned by axe-core.
    { name: 'accessibility', dependencies: ['sign-ins'], testMatch: /accessibility\.spec\.ts$/, workers: 1 },
    // The dashboard's week of a region and the chain's clock entries: minutes at the shared Data API budget.
    { name: 'today', dependencies: ['sign-ins'], testMatch: /today\.spec\.ts$/, workers: 1 },
    // No browser and no shared sign-in: it starts its own portal, MCP server and simulators.
    { name: 'secret-canary', testMatch: /secret-canary\.spec\.ts$/, workers: 1 },
    // No browser either: built portals stopped, crashed and run side by side on one database.
    { name: 'system-of-record', testMatch: /system-of-record\.spec\.ts$/, workers: 1 },
  ],
  webServer: {
    // The Data API simulator at a twentieth of real time: its 15 s rate window runs as 750 ms and a
    // batch job works 100 ms, so exports finish (or can be cancelled midway) within seconds.
    // Its own database, wiped first (--fresh-data), so each run starts with only the demo sign-ins.
    command: `node tools/start.mjs --no-build --portal-port ${port} --backoffice-port ${port + 1010} --data-api-port ${port + 1020} --data-api-time-scale 0.05 --data-dir ${dataDir} --fresh-data`,
    cwd: '..',
    url: `${baseURL}/sign-in`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
