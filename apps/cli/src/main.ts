import { Command, CommanderError } from 'commander';
import { WashOpsError } from '@washops/shared-errors';
import { type CliIo, Interrupted } from './io.js';
import { addAuditCommand } from './audit-command.js';
import { addUsersCommand } from './users-command.js';

/** Exit codes: a refused or failed command 1, a usage error 2, interrupted 130. */
export const EXIT = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;

export function program(io: CliIo): Command {
  // Set before adding commands: subcommands inherit the output and the exit override.
  const root = new Command('washops')
    .description('WashOps on the command line')
    .configureOutput({ writeOut: (text) => void io.stdout.write(text), writeErr: (text) => void io.stderr.write(text) })
    .exitOverride()
    .showHelpAfterError('(add --help for usage)');
  addUsersCommand(root, io);
  addAuditCommand(root, io);
  return root;
}

/** Runs one command line and returns its exit code; failures are one plain line on stderr. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  try {
    await program(io).parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    // Commander has printed its own message (or the help) already.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (error instanceof Interrupted) {
      io.stderr.write(`${error.message}\n`);
      return EXIT.interrupted;
    }
    // Typed errors carry messages meant for people; anything else is summarised, never dumped.
    const message = error instanceof WashOpsError ? error.message : `Unexpected failure: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
    io.stderr.write(`${message}\n`);
    return EXIT.failed;
  }
}
