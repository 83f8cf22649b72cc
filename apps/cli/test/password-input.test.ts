import { PassThrough } from 'node:stream';
import { ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { type CliIo, Interrupted } from '../src/io.js';
import { readNewPassword } from '../src/password-input.js';

/** A terminal double: keys go in through `type`, raw mode is recorded, what is shown is collected. */
function terminal() {
  const stdin = Object.assign(new PassThrough(), { isTTY: true, rawModes: [] as boolean[] });
  const shown: string[] = [];
  const io: CliIo = {
    stdin: Object.assign(stdin, { setRawMode: (mode: boolean) => stdin.rawModes.push(mode) }),
    stdout: { write: (text: string) => shown.push(text) },
    stderr: { write: (text: string) => shown.push(text) },
    env: {},
    cwd: '/',
  };
  /** Types `keys` once the prompt is waiting for them. */
  const type = async (...answers: string[]) => {
    for (const keys of answers) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      stdin.write(keys);
    }
  };
  return { io, stdin, shown, type };
}

describe('the password prompt on a terminal', () => {
  it('asks twice without echoing what is typed, and restores the terminal', async () => {
    const { io, stdin, shown, type } = terminal();
    const reading = readNewPassword(io, { generate: false });
    // A typo erased with backspace, and an arrow key, are not part of the password.
    await type('correct-horse-batteryX\u007f\r', 'correct-horse-\u001b[Dbattery\r');
    expect(await reading).toEqual({ password: 'correct-horse-battery', generated: false });
    expect(shown.join('')).toBe('New password: \nType it again: \n');
    expect(stdin.rawModes).toEqual([true, false, true, false]);
  });

  it('refuses two different entries, and a short one before asking again', async () => {
    const differ = terminal();
    const mismatch = readNewPassword(differ.io, { generate: false }).catch((error: unknown) => error);
    await differ.type('correct-horse-battery\r', 'correct-horse-batterz\r');
    expect(await mismatch).toEqual(new ValidationError('The two passwords differ; nothing changed.'));

    const short = terminal();
    const refused = readNewPassword(short.io, { generate: false }).catch((error: unknown) => error);
    await short.type('short\r');
    expect(((await refused) as Error).message).toBe('A password needs at least 12 characters.');
    expect(short.shown.join('')).not.toContain('Type it again');
  });

  it('Ctrl-C cancels', async () => {
    const { io, stdin, type } = terminal();
    const reading = readNewPassword(io, { generate: false }).catch((error: unknown) => error);
    await type('secret\u0003');
    expect(await reading).toBeInstanceOf(Interrupted);
    expect(stdin.rawModes.at(-1)).toBe(false);
  });
});
