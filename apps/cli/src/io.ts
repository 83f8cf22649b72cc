/** What the command line reads and writes: the process's streams, or test doubles. */
export interface CliIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
  /** Where relative paths start: the shell's folder (`npm run` moves to the repo root first). */
  cwd: string;
}

export function processIo(): CliIo {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.env['INIT_CWD'] ?? process.cwd() };
}

/** The person pressed Ctrl-C at a prompt, or the process was asked to stop: nothing was changed. */
export class Interrupted extends Error {
  constructor() {
    super('Interrupted; nothing changed.');
  }
}
