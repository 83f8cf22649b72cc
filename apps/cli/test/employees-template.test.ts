/** `washops employees template <kind>` needs nothing but the program: no tenant variables, no database. */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bulkTemplateCsv } from '@washops/operations';
import { createEmployeeInputSchema } from '@washops/operations/schemas';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliIo, main } from '../src/index.js';

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'washops-template-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** `washops <args>` with an environment that names no tenant and no database. */
async function washops(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdin: process.stdin,
    stdout: { write: (text: string) => void (stdout += text) },
    stderr: { write: (text: string) => void (stderr += text), isTTY: false },
    env: { WASHOPS_DATA_DIR: join(workDir, 'data'), USER: 'ops-tester' },
    cwd: workDir,
  };
  return { code: await main(args, io), stdout, stderr };
}

describe('washops employees template without a tenant or a database', () => {
  it('prints the hires template: every createEmployee field as a column, one example row', async () => {
    const run = await washops(['employees', 'template', 'create']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe(bulkTemplateCsv('create'));
    const [header, ...rows] = parse(run.stdout) as string[][];
    expect(header).toEqual(Object.keys(createEmployeeInputSchema.shape));
    expect(rows).toHaveLength(1);
    expect(existsSync(join(workDir, 'data'))).toBe(false);
  });

  it('writes the leavers template to a file', async () => {
    const run = await washops(['employees', 'template', 'disable', '--output', 'leavers.csv']);
    expect(run).toMatchObject({ code: 0, stdout: `Template: ${join(workDir, 'leavers.csv')}\n` });
    expect(parse(await readFile(join(workDir, 'leavers.csv'), 'utf8'))).toEqual([['posUserId', 'email'], ['4501', '']]);
    expect(existsSync(join(workDir, 'data'))).toBe(false);
  });

});
