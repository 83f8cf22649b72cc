import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { BULK_LIMITS } from '@washops/operations';
import { BulkFileError } from '@washops/shared-errors';
import { UnusableInput } from './io.js';

const MIB = 1_048_576;

/** `hires.csv` → `hires.results.csv` beside it. */
export function defaultResultsPath(inputPath: string): string {
  const name = basename(inputPath);
  const stem = extname(name).toLowerCase() === '.csv' ? name.slice(0, -4) : name;
  return join(dirname(inputPath), `${stem}.results.csv`);
}

/**
 * The file's bytes, refused before reading when it is over the documented size (a 10 MB file is not read in to be
 * refused) or is not a file.
 */
export async function readBulkFile(path: string): Promise<Uint8Array> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new UnusableInput(`${path} is not a file.`);
    size = info.size;
  } catch (error) {
    if (error instanceof UnusableInput) throw error;
    throw new UnusableInput(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}.`);
  }
  if (size > BULK_LIMITS.maxFileBytes) {
    throw new BulkFileError(
      `${basename(path)} is ${(size / MIB).toFixed(1)} MiB; the largest accepted is ${BULK_LIMITS.maxFileBytes / MIB} MiB. Split it into smaller files.`,
      { details: { problem: 'tooLarge', bytes: size, maxBytes: BULK_LIMITS.maxFileBytes } },
    );
  }
  const handle = await open(path, 'r');
  try {
    return new Uint8Array(await handle.readFile());
  } finally {
    await handle.close();
  }
}

/**
 * Refuses, before any write to the tenant, a results path whose folder cannot be written: the results file is the only
 * place the generated PINs and passwords are shown, so a run must not end with nowhere to put them.
 */
export async function requireWritableFolder(path: string): Promise<void> {
  const folder = dirname(resolve(path));
  try {
    await access(folder, constants.W_OK);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such folder' : 'not writable';
    throw new UnusableInput(`Cannot write the results file in ${folder} (${reason}); choose another place with --results. Nothing was written.`);
  }
}

/**
 * Writes a file that may hold generated PINs and passwords: readable by its owner only (0600) from the first byte,
 * and whole or not at all (written beside it, then renamed over any earlier copy).
 */
export async function writePrivateFile(path: string, text: string): Promise<string> {
  const target = resolve(path);
  const temporary = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, target);
  return target;
}
