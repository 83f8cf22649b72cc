import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Argument, type Command, InvalidArgumentError, Option } from 'commander';
import { BULK_KINDS, BULK_LIMITS, bulkTemplateCsv, type BulkKind } from '@washops/operations';
import { runBulkFile, writeRunResults, type BulkFileOptions } from './bulk-flow.js';
import type { CliIo } from './io.js';

const DATA_DIR_HELP = 'the data folder when DATABASE_URL is not set (default: WASHOPS_DATA_DIR, else .washops/ at the repo root; with --demo, memory)';

function concurrencyOption(): Option {
  return new Option('--concurrency <n>', `rows written at once, 1 to ${BULK_LIMITS.maxConcurrency} (default ${BULK_LIMITS.defaultConcurrency}: the BackOffice is the tenant's live system)`).argParser(
    (value: string) => {
      const number = Number(value);
      if (!/^\d+$/.test(value.trim()) || number < 1 || number > BULK_LIMITS.maxConcurrency) {
        throw new InvalidArgumentError(`--concurrency must be a whole number from 1 to ${BULK_LIMITS.maxConcurrency}.`);
      }
      return number;
    },
  );
}

/** `import` and `disable` share their options and their flow; only the kind of file differs. */
function addBulkFileCommand(employees: Command, io: CliIo, setExit: (code: number) => void, name: string, kind: BulkKind, description: string): void {
  employees
    .command(name)
    .description(description)
    .addArgument(new Argument('<file.csv>', `a CSV file with a header (washops employees template ${kind} shows one)`))
    .option('--dry-run', 'check every row against the tenant and print the report; write nothing')
    .addOption(concurrencyOption())
    .option('--results <out.csv>', 'where the results file goes (default: <file>.results.csv beside the input)')
    .option('--demo', 'work on the BackOffice simulator with the demo tenant, started in this process')
    .option('--data-dir <path>', DATA_DIR_HELP)
    .action(async (file: string, options: BulkFileOptions) => setExit(await runBulkFile(io, kind, file, options)));
}

/** `washops employees template <kind>`: the header and one example row, on stdout or in a file. */
async function writeTemplate(io: CliIo, kind: BulkKind, output: string | undefined): Promise<void> {
  const csv = bulkTemplateCsv(kind);
  if (!output) {
    io.stdout.write(csv);
    return;
  }
  const path = resolve(io.cwd, output);
  await writeFile(path, csv, 'utf8');
  io.stdout.write(`Template: ${path}\n`);
}

/**
 * `washops employees …`: hires and leavers from a spreadsheet. The dry run comes first; a run is recorded in the
 * database, so the same file run again resumes it.
 */
export function addEmployeesCommand(parent: Command, io: CliIo, setExit: (code: number) => void): Command {
  const employees = parent.command('employees').description('hire or disable employees in bulk from a CSV file (dry run first, resumable)');

  addBulkFileCommand(employees, io, setExit, 'import', 'create', 'create the employees of a CSV file: dry run, then the writes with progress and a results file');
  addBulkFileCommand(employees, io, setExit, 'disable', 'disable', 'disable the employees of a CSV file (posUserId or email per row): dry run, then the writes');

  employees
    .command('template')
    .description('the CSV header and one example row for import (create) or disable; needs no tenant and no database')
    .addArgument(new Argument('<kind>', 'create or disable').choices(BULK_KINDS))
    .option('--output <file>', 'write it to this file instead of stdout')
    .action(async (kind: BulkKind, options: { output?: string }) => writeTemplate(io, kind, options.output));

  employees
    .command('results')
    .description('write the results file of a run started anywhere (the portal, the MCP tools, another terminal)')
    .addArgument(new Argument('<runId>', 'the run, as the portal or the tool named it'))
    .option('--output <file>', 'where it goes (default: bulk-<runId>.results.csv in the current folder)')
    .option('--demo', 'with the demo tenant (as import --demo)')
    .option('--data-dir <path>', DATA_DIR_HELP)
    .action(async (runId: string, options: { output?: string; demo?: boolean; dataDir?: string }) => setExit(await writeRunResults(io, runId, options)));

  return employees;
}
