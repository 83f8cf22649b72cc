// Apart from harness.ts, which the benchmark also loads outside the test runner.
import { startBackofficeSimulator, type BackofficeSimulator, type BackofficeSimulatorOptions } from '@washops/backoffice-simulator';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/** One simulator for the test file, reset before each test; `onStart` receives it once it listens. */
export function simulatorPerFile(options: BackofficeSimulatorOptions, onStart: (sim: BackofficeSimulator) => void): void {
  let sim: BackofficeSimulator | undefined;
  beforeAll(async () => {
    sim = await startBackofficeSimulator(options);
    onStart(sim);
  });
  afterAll(async () => {
    await sim?.close();
  });
  beforeEach(() => {
    sim?.control.reset();
  });
}
