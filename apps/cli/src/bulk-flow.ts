import { writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { bulkChanges, Operations, type BulkChanges, type BulkKind, type BulkRunView } from '@washops/operations';
import type { Store } from '@washops/store';
import { cliActor } from './actor.js';
import { checkReportText, runSummary, stoppedOnHalfDoneRows } from './bulk-format.js';
import { progressDisplay } from './bulk-progress.js';
import type { CliIo } from './io.js';
import { defaultResultsPath, readBulkFile, requireWritableFolder, writePrivateFile } from './results-file.js';
import { connectTenant } from './tenant.js';
import { withStore, type WithStoreOptions } from './with-store.js';

/** Ctrl-C during a run: the first lets the rows in flight finish, the second quits with this. */
const INTERRUPTED_MID_RUN =
  'Interrupted before the rows in flight finished. Run the same command with the same file again: it settles those rows first (it never creates anyone twice), then resumes.';

/** Exit statuses of a bulk command (the same as the rest of the command line). */
export const BULK_EXIT = { allSucceeded: 0, someFailed: 1, usage: 2, interrupted: 130 } as const;

export interface BulkFileOptions {
  dryRun?: boolean;
  concurrency?: number;
  results?: string;
  demo?: boolean;
  dataDir?: string;
}

/** The engine over this process's store and tenant; the tenant is let go when `work` ends. */
async function withEngine(
  io: CliIo,
  options: { demo?: boolean; dataDir?: string; graceful?: WithStoreOptions['graceful'] },
  work: (engine: BulkChanges, stop: AbortSignal, store: Store) => Promise<void>,
): Promise<void> {
  const tenant = await connectTenant(io, options.demo === true);
  try {
    io.stderr.write(`Working on ${tenant.description}.\n`);
    await withStore(
      io,
      options.dataDir,
      async (store, stop) => {
        const operations = new Operations({ store, backoffice: tenant.backoffice });
        await work(bulkChanges({ store, operations, backoffice: tenant.backoffice }), stop, store);
      },
      { otherwise: options.demo ? 'in-memory' : 'default-folder', ...(options.graceful ? { graceful: options.graceful } : {}) },
    );
  } finally {
    await tenant.close();
  }
}

/** Writes the run's results file with the generated secrets (the only place they are shown) and says where. */
async function writeResults(io: CliIo, engine: BulkChanges, runId: string, path: string): Promise<void> {
  const results = await engine.resultsCsv(runId, { revealSecrets: true });
  const written = await writePrivateFile(path, results.csv);
  io.stdout.write(`Results: ${written}\n`);
  if (results.secretsIncluded) io.stdout.write('It holds the generated PINs and Back Office passwords, shown nowhere else: keep it safe, then delete it.\n');
  else io.stdout.write('The generated PINs and passwords of this run were handed out earlier with another results file, and are not kept.\n');
}

function exitStatusOf(run: BulkRunView): number {
  if (stoppedOnHalfDoneRows(run)) return BULK_EXIT.someFailed;
  if (run.state === 'cancelled' || run.state === 'cancelling' || run.state === 'interrupted') return BULK_EXIT.interrupted;
  return run.progress.failed > 0 || run.state !== 'finished' ? BULK_EXIT.someFailed : BULK_EXIT.allSucceeded;
}

/**
 * `washops employees import|disable <file>`: the dry run, printed; then, unless `--dry-run` or a row has an error,
 * the run with progress, the results file and a summary. Returns the exit status.
 */
export async function runBulkFile(io: CliIo, kind: BulkKind, file: string, options: BulkFileOptions): Promise<number> {
  const inputPath = resolve(io.cwd, file);
  const content = await readBulkFile(inputPath);
  const resultsPath = options.results ? resolve(io.cwd, options.results) : defaultResultsPath(inputPath);
  if (!options.dryRun) await requireWritableFolder(resultsPath);
  let status: number = BULK_EXIT.allSucceeded;
  const graceful = {
    interruptedMessage: INTERRUPTED_MID_RUN,
    onStopRequested: () => void io.stderr.write('\nStopping: the rows in flight finish first (Ctrl-C again to quit at once).\n'),
  };
  await withEngine(io, { ...options, graceful }, async (engine, stop) => {
    const sheet = engine.parseCsv(kind, { name: basename(inputPath), content });
    const report = await engine.check(sheet, { signal: stop });
    io.stdout.write(checkReportText(report));
    if (report.resumes && report.resumes.remaining > 0) {
      io.stdout.write(`Resuming run ${report.resumes.runId}: ${report.resumes.done} of ${report.counts.total} rows done.\n`);
    }
    if (report.counts.error > 0) {
      io.stdout.write('Nothing was written: fix the rows with errors and run the command again.\n');
      status = BULK_EXIT.someFailed;
      return;
    }
    if (options.dryRun) {
      io.stdout.write('Dry run: nothing was written.\n');
      return;
    }
    if (stop.aborted) {
      io.stdout.write('Stopped before any write.\n');
      status = BULK_EXIT.interrupted;
      return;
    }
    const concurrency = options.concurrency === undefined ? {} : { concurrency: options.concurrency };
    const actor = cliActor(io.env);
    const { run } = await engine.prepare(actor, sheet, concurrency);
    const progress = progressDisplay(io);
    let ended: BulkRunView;
    try {
      ended = await engine.execute(run.id, { ...concurrency, actor, signal: stop, onProgress: (now) => progress.update(now) });
    } finally {
      progress.stop();
    }
    await writeResults(io, engine, ended.id, resultsPath);
    const alreadyDone = report.resumes?.remaining === 0 && ended.state === 'finished' && ended.progress.done === ended.progress.total;
    const partialRows = ended.progress.partial > 0 ? (await engine.rows(ended.id)).filter((row) => row.state === 'partial').map((row) => row.rowNumber) : [];
    io.stdout.write(alreadyDone ? `All ${ended.progress.total} rows were done in run ${ended.id} on ${ended.finishedAt ?? ended.updatedAt}: nothing to do.\n` : `${runSummary(ended, partialRows)}\n`);
    status = exitStatusOf(ended);
    if (status === BULK_EXIT.interrupted) io.stdout.write(`Stopped. Run the same command with the same file again to resume run ${ended.id}.\n`);
  });
  return status;
}

/** `washops employees results <runId>`: the results file of a run started anywhere (the portal, the MCP tools). */
export async function writeRunResults(io: CliIo, runId: string, options: { output?: string; demo?: boolean; dataDir?: string }): Promise<number> {
  await withEngine(io, options, async (engine) => {
    const run = await engine.get(runId);
    const resultsPath = resolve(io.cwd, options.output ?? `bulk-${run.id}.results.csv`);
    await requireWritableFolder(resultsPath);
    await writeResults(io, engine, run.id, resultsPath);
    io.stdout.write(`${runSummary(run)}\n`);
  });
  return BULK_EXIT.allSucceeded;
}

/** `washops employees template <kind>`: the header and one example row, on stdout or in a file. */
export async function writeTemplate(io: CliIo, kind: BulkKind, options: { output?: string; demo?: boolean; dataDir?: string }): Promise<void> {
  await withEngine(io, options, async (engine) => {
    const csv = engine.templateCsv(kind);
    if (!options.output) {
      io.stdout.write(csv);
      return;
    }
    const path = resolve(io.cwd, options.output);
    await writeFile(path, csv, 'utf8');
    io.stdout.write(`Template: ${path}\n`);
  });
}
