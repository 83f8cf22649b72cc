import { ValidationError } from '@washops/shared-errors';
import { generatePassword, newPasswordSchema } from '@washops/portal-api/accounts';
import { type CliIo, Interrupted, readLine } from './io.js';

export interface NewPassword {
  password: string;
  /** True when made here: then it is printed, once. */
  generated: boolean;
}

/**
 * The password for an account: generated with `--generate`; else prompted twice without echo on a
 * terminal, or read as one line from standard input (scripts). Checked against the portal's rule.
 */
export async function readNewPassword(io: CliIo, { generate }: { generate: boolean }): Promise<NewPassword> {
  if (generate) return { password: generatePassword(), generated: true };
  if (io.stdin.isTTY && io.stdin.setRawMode) {
    const password = checked(await promptHidden(io, 'New password: '));
    if ((await promptHidden(io, 'Type it again: ')) !== password) throw new ValidationError('The two passwords differ; nothing changed.');
    return { password, generated: false };
  }
  const line = await readLine(io.stdin);
  if (line === null) throw new ValidationError('No password on standard input: pipe one line, or use --generate.');
  return { password: checked(line), generated: false };
}

function checked(password: string): string {
  const result = newPasswordSchema.safeParse(password);
  if (result.success) return result.data;
  throw new ValidationError(result.error.issues[0]?.message ?? 'That password is not allowed.', { details: { field: 'password' } });
}

// Arrow keys and the like arrive as escape sequences; they are not part of a password.
// eslint-disable-next-line no-control-regex
const ESCAPE_SEQUENCE = /\u001b\[[0-9;]*[A-Za-z~]/g;

/** Reads one line in raw mode, echoing nothing; Ctrl-C (or Ctrl-D on an empty line) cancels. */
export function promptHidden(io: CliIo, question: string): Promise<string> {
  const { stdin } = io;
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (outcome: () => void) => {
      stdin.removeListener('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      io.stderr.write('\n');
      outcome();
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of chunk.toString().replace(ESCAPE_SEQUENCE, '')) {
        if (char === '\r' || char === '\n') return finish(() => resolve(typed));
        if (char === '\u0003' || (char === '\u0004' && typed === '')) return finish(() => reject(new Interrupted()));
        if (char === '\u007f' || char === '\b') typed = Array.from(typed).slice(0, -1).join('');
        else if (char >= ' ') typed += char;
      }
    };
    io.stderr.write(question);
    stdin.setRawMode?.(true);
    stdin.on('data', onData);
    stdin.resume();
  });
}
