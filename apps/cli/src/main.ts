import { Command, CommanderError } from 'commander';
import { BulkFileError, WashOpsError } from '@washops/shared-errors';
import { type CliIo, Interrupted, UnusableInput } from './io.js';
import { addAuditCommand } from './audit-command.js';
import { addEmployeesCommand } from './employees-command.js';
import { addKpisCommand } from './kpis-command.js';
import { addReportCommand } from './report-command.js';
import { addSyncCommand } from './sync-command.js';
import { addUsersCommand } from './users-command.js';

/** Exit codes: a refused or failed command (or some rows of a bulk file) 1, a usage error or unusable input 2, interrupted 130. */
export const EXIT = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;

/** What a command that ends without an error reports: 0 unless it says otherwise (a bulk run with failed rows: 1). */
export interface CommandOutcome {
  code: number;
}

export function program(io: CliIo, outcome: CommandOutcome = { code: EXIT.ok }): Command {
  // Set before adding commands: subcommands inherit the output and the exit override.
  const root = new Command('washops')
    .description('WashOps on the command line')
    .configureOutput({ writeOut: (text) => void io.stdout.write(text), writeErr: (text) => void io.stderr.write(text) })
    .exitOverride()
    .showHelpAfterError('(add --help for usage)');
  addUsersCommand(root, io);
  addAuditCommand(root, io);
  addEmployeesCommand(root, io, (code) => void (outcome.code = code));
  addSyncCommand(root, io, (code) => void (outcome.code = code));
  addReportCommand(root, io, (code) => void (outcome.code = code));
  addKpisCommand(root, io, (code) => void (outcome.code = code));
  return root;
}

/** Runs one command line and returns its exit code; failures are one plain line on stderr. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const outcome: CommandOutcome = { code: EXIT.ok };
  try {
    await program(io, outcome).parseAsync(argv, { from: 'user' });
    return outcome.code;
  } catch (error) {
    // Commander has printed its own message (or the help) already.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (error instanceof Interrupted) {
      io.stderr.write(`${error.message}\n`);
      return EXIT.interrupted;
    }
    if (error instanceof UnusableInput || error instanceof BulkFileError) {
      io.stderr.write(`${error.message}\n`);
      return EXIT.usage;
    }
    // Typed errors carry messages meant for people; anything else is summarised, never dumped.
    const message = error instanceof WashOpsError ? error.message : `Unexpected failure: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
    io.stderr.write(`${message}\n`);
    return EXIT.failed;
  }
}
