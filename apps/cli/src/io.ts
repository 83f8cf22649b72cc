import { createInterface } from 'node:readline';
import { systemClock, type Clock } from '@washops/client-core';

/** What the command line reads and writes: the process's streams, or test doubles. */
export interface CliIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  stdout: { write(text: string): unknown };
  /** On a terminal (`isTTY`) long work shows a live progress bar here; elsewhere, plain lines. */
  stderr: { write(text: string): unknown; isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  /** Where relative paths start: the shell's folder (`npm run` moves to the repo root first). */
  cwd: string;
  /**
   * The time (default the system clock): today for `kpis`' date words, "older than N days" for `audit`, and the Data
   * API's date rules and waits for `sync`. Tests pin today with `clockFrom(ms)`, the clock their simulator reads.
   */
  clock?: Clock;
}

/** The command's current time, from its clock. */
export function nowOf(io: CliIo): Date {
  return new Date((io.clock ?? systemClock).now());
}

export function processIo(): CliIo {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.env['INIT_CWD'] ?? process.cwd() };
}

/** The person pressed Ctrl-C at a prompt, or the process was asked to stop: nothing was changed. */
export class Interrupted extends Error {
  constructor(message = 'Interrupted; nothing changed.') {
    super(message);
  }
}

/** Input the command cannot use at all (a missing file, an unset variable): a usage error (exit 2). */
export class UnusableInput extends Error {
  override readonly name = 'UnusableInput';
}

/** One line of input (a piped password, a typed answer), or null when the input ends first. */
export async function readLine(input: NodeJS.ReadableStream): Promise<string | null> {
  const lines = createInterface({ input, crlfDelay: Infinity, terminal: false });
  try {
    for await (const line of lines) return line;
    return null;
  } finally {
    lines.close();
  }
}
