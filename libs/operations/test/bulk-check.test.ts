import { BulkCheckFailedError, BulkFileError } from '@washops/shared-errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coerceCell, inputOfCells, schemaIssues } from '../src/bulk/cells.js';
import { spreadsheetSafePassword } from '../src/bulk/row-work.js';
import { BULK_LIMITS } from '../src/index.js';
import { actor, bulkFor, csvOf, hireCells } from './bulk-support.js';
import { describeEachBackend, useSimulator, vendorPosts } from './support.js';

describeEachBackend('the bulk dry run', (store) => {
  const sim = useSimulator('bulk-check');

  it('flags each bad row on its own row and field, and writes nothing', async () => {
    const bulk = bulkFor(store(), sim());
    const seeded = sim().control.employees();
    const taken = seeded.find((e) => e.posUserId !== null) as (typeof seeded)[number];
    const good = hireCells();
    const rows = [
      good,
      hireCells({ availableSites: 'Nowhere Site' }),
      hireCells({ departments: 'Greeter;Astronauts' }),
      hireCells({ posUserId: String(taken.posUserId) }),
      hireCells({ email: taken.email }),
      hireCells({ phone: taken.phone }),
      hireCells({ posUserId: good['posUserId'] as string }),
      hireCells({ wageRate: 'a lot' }),
      hireCells({ posUserId: 'twelve' }),
      hireCells({ permission: 'Astronaut' }),
    ];
    const report = await bulk.check(bulk.parseCsv('create', { name: 'hires.csv', content: csvOf(rows) }));
    const issues = Object.fromEntries(report.rows.map((r) => [r.rowNumber, { status: r.status, fields: [...r.errors, ...r.warnings].map((i) => i.field) }]));
    expect(issues).toEqual({
      2: { status: 'ok', fields: [] },
      3: { status: 'error', fields: ['availableSites'] },
      4: { status: 'error', fields: ['departments'] },
      5: { status: 'error', fields: ['posUserId'] },
      6: { status: 'error', fields: ['email'] },
      7: { status: 'error', fields: ['phone'] },
      8: { status: 'error', fields: ['posUserId'] },
      9: { status: 'error', fields: ['wageRate'] },
      10: { status: 'error', fields: ['posUserId'] },
      11: { status: 'warning', fields: ['permission'] },
    });
    expect(report.rows[3]?.errors[0]?.message).toContain(`POS user id ${taken.posUserId} is already used by employee ${taken.id}`);
    expect(report.rows[6]?.errors[0]?.message).toMatch(/is also on row 2/);
    expect(report.rows[8]?.errors[0]?.message).toBe('posUserId must be a number');
    expect(report.rows[9]?.warnings[0]?.message).toMatch(/'General User' will be applied instead/);
    expect(report.counts).toEqual({ total: 10, ok: 1, warning: 1, error: 8 });
    expect(vendorPosts(sim())).toEqual([]);

    const refused = await bulk.prepare(actor, bulk.parseCsv('create', { name: 'hires.csv', content: csvOf(rows) })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BulkCheckFailedError);
    expect((refused as BulkCheckFailedError).details).toMatchObject({ errorRows: [3, 4, 5, 6, 7, 8, 9, 10] });
    expect(await bulk.list()).toEqual([]);
    expect(vendorPosts(sim())).toEqual([]);
  });

  it('reads the tenant once for the whole file: 200 hires cost a handful of requests, not one per row', async () => {
    const bulk = bulkFor(store(), sim());
    const sheet = bulk.parseCsv('create', { name: 'many.csv', content: csvOf(Array.from({ length: 200 }, () => hireCells())) });
    const before = sim().control.requests().length;
    const report = await bulk.check(sheet);
    expect(report.counts.ok).toBe(200);
    expect(sim().control.requests().length - before).toBeLessThan(15);
  });

  it('checks leavers: missing is an error, inactive a warning; a secret cell is masked in the report', async () => {
    const bulk = bulkFor(store(), sim());
    const seeded = sim().control.employees().filter((e) => e.posUserId !== null);
    const active = seeded.find((e) => e.isActive) as (typeof seeded)[number];
    const inactive = seeded.find((e) => !e.isActive) as (typeof seeded)[number];
    const content = csvOf([{ posUserId: String(active.posUserId) }, { posUserId: String(inactive.posUserId) }, { posUserId: '9999999' }, { email: 'nobody.here@example.invalid' }, { posUserId: String(active.posUserId) }]);
    const report = await bulk.check(bulk.parseCsv('disable', { name: 'leavers.csv', content }));
    expect(report.rows.map((r) => [r.rowNumber, r.status, [...r.errors, ...r.warnings].map((i) => i.field)])).toEqual([
      [2, 'ok', []],
      [3, 'warning', ['posUserId']],
      [4, 'error', ['posUserId']],
      [5, 'error', ['email']],
      [6, 'error', ['posUserId']],
    ]);
    const hires = await bulk.check(bulk.parseCsv('create', { name: 'h.csv', content: csvOf([hireCells({ posPin: '12345' })]) }));
    expect(hires.rows[0]?.cells['posPin']).toBe('[secret]');
    expect(vendorPosts(sim())).toEqual([]);
  });

  it('runs leavers: each disabled once; an inactive one is done with a warning', async () => {
    const bulk = bulkFor(store(), sim());
    const seeded = sim().control.employees().filter((e) => e.posUserId !== null);
    const [a, b] = seeded.filter((e) => e.isActive);
    const inactive = seeded.find((e) => !e.isActive) as (typeof seeded)[number];
    const content = csvOf([{ posUserId: String(a?.posUserId) }, { posUserId: String(inactive.posUserId) }, { posUserId: String(b?.posUserId) }]);
    const { run } = await bulk.prepare(actor, bulk.parseCsv('disable', { name: 'leavers.csv', content }));
    expect(await bulk.execute(run.id)).toMatchObject({ state: 'finished', progress: { done: 3, failed: 0 } });
    const after = sim().control.employees();
    expect(after.find((e) => e.id === a?.id)?.isActive).toBe(false);
    expect(after.find((e) => e.id === b?.id)?.isActive).toBe(false);
    const rows = await bulk.rows(run.id);
    expect(rows[1]?.warnings.join(' ')).toMatch(/already inactive/);
    const results = await bulk.resultsCsv(run.id, { revealSecrets: true });
    expect(results.secretsIncluded).toBe(false);
  });
});

describe('bulk files that cannot be used at all', () => {
  const sim = useSimulator('bulk-files');
  const unused = { bulkRuns: new Proxy({}, { get: () => () => Promise.reject(new Error('the store is not used for a file')) }) } as never;

  const refusal = (run: () => unknown): BulkFileError => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(BulkFileError);
      return error as BulkFileError;
    }
    throw new Error('expected a BulkFileError');
  };

  it('refuses a missing, unknown or repeated column, naming it, before any request', () => {
    const bulk = bulkFor(unused, sim());
    const row = hireCells();
    const { email: _email, ...withoutEmail } = row;
    expect(refusal(() => bulk.parseCsv('create', { name: 'a.csv', content: csvOf([withoutEmail]) })).message).toMatch(/Missing column 'email'/);
    const unknown = refusal(() => bulk.parseCsv('create', { name: 'a.csv', content: csvOf([{ ...row, nickname: 'Al' }]) }));
    expect(unknown.message).toMatch(/Unknown column 'nickname'\. Known columns .*'firstName'/);
    expect(unknown.details).toMatchObject({ problem: 'unknownColumn', columns: ['nickname'] });
    const twice = csvOf([row]).replace(/\r\n/, ',email\r\n').replace(/\r\n$/, ',x@example.com\r\n');
    expect(refusal(() => bulk.parseCsv('create', { name: 'a.csv', content: twice })).message).toMatch(/Column 'email' appears twice/);
    expect(refusal(() => bulk.parseCsv('disable', { name: 'a.csv', content: 'posUserId\r\n1\r\n2,3\r\n' })).details).toMatchObject({ problem: 'cellCount', row: 3 });
    expect(refusal(() => bulk.parseCsv('disable', { name: 'a.csv', content: 'name\r\nAl\r\n' })).message).toMatch(/Unknown column 'name'/);
    expect(refusal(() => bulk.parseCsv('disable', { name: 'a.csv', content: 'posUserId\r\n' })).details).toMatchObject({ problem: 'noRows' });
    expect(vendorPosts(sim())).toEqual([]);
    expect(sim().control.requests()).toEqual([]);
  });

  it('refuses a 10 MB file, a binary file, text that is not UTF-8 and too many rows', () => {
    const bulk = bulkFor(unused, sim());
    const big = `posUserId\r\n${'1\r\n'.repeat(3_500_000)}`;
    expect(refusal(() => bulk.parseCsv('disable', { name: 'big.csv', content: big })).details).toMatchObject({ problem: 'tooLarge', maxBytes: BULK_LIMITS.maxFileBytes });
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
    expect(refusal(() => bulk.parseCsv('disable', { name: 'photo.png', content: png })).message).toMatch(/binary/);
    const latin1 = Uint8Array.from([...Buffer.from('email\r\nren'), 0xe9, ...Buffer.from('@example.com\r\n')]);
    expect(refusal(() => bulk.parseCsv('disable', { name: 'latin1.csv', content: latin1 })).details).toMatchObject({ problem: 'notUtf8' });
    const many = `posUserId\r\n${Array.from({ length: BULK_LIMITS.maxRows + 1 }, (_, i) => i + 1).join('\r\n')}\r\n`;
    expect(refusal(() => bulk.parseCsv('disable', { name: 'many.csv', content: many })).details).toMatchObject({ problem: 'tooManyRows', rows: 2_001 });
    const json = Array.from({ length: BULK_LIMITS.maxJsonRows + 1 }, (_, i) => ({ posUserId: i + 1 }));
    expect(refusal(() => bulk.sheetOfRows('disable', json)).details).toMatchObject({ problem: 'tooManyRows', maxRows: 100 });
    expect(sim().control.requests()).toEqual([]);
  });

  it('reads a BOM, CRLF, quoted commas and newlines; blank rows keep the spreadsheet numbering', () => {
    const bulk = bulkFor(unused, sim());
    const content = '\uFEFFposUserId,email\r\n101,\r\n,\r\n"102",\r\n,"a,b@example.com"\r\n103,"two\r\nlines"\r\n';
    const sheet = bulk.parseCsv('disable', { name: 'a.csv', content });
    expect(sheet.rows).toEqual([
      { rowNumber: 2, cells: { posUserId: '101', email: '' } },
      { rowNumber: 4, cells: { posUserId: '102', email: '' } },
      { rowNumber: 5, cells: { posUserId: '', email: 'a,b@example.com' } },
      { rowNumber: 6, cells: { posUserId: '103', email: 'two\r\nlines' } },
    ]);
    expect(sheet.fileHash).toMatch(/^[0-9a-f]{64}$/);
    // A truly empty line (no commas) is a blank spreadsheet row too: the rows after it keep their numbers.
    const gap = bulk.parseCsv('disable', { name: 'b.csv', content: 'posUserId,email\r\n101,\r\n\r\n102,\r\n' });
    expect(gap.rows.map((row) => row.rowNumber)).toEqual([2, 4]);
  });

  it('takes JSON rows with numbers, booleans and lists, numbered from 1, the same rows hashing alike', () => {
    const bulk = bulkFor(unused, sim());
    const row = { firstName: 'Al', lastName: 'B', phone: '5550100123', email: 'al@example.com', posUserId: 4321, wageRate: 15, startDate: '2026-05-01', availableSites: ['WashU Fiesta', 'nolo'], permission: 'Cashier', departments: ['Greeter'], requiresBackoffice: false };
    const sheet = bulk.sheetOfRows('create', [row], 'mcp');
    expect(sheet.rows[0]).toMatchObject({ rowNumber: 1, cells: { posUserId: '4321', availableSites: 'WashU Fiesta;nolo', requiresBackoffice: 'false' } });
    expect(schemaIssues('create', inputOfCells(sheet.rows[0]?.cells ?? {}))).toEqual([]);
    const reordered = Object.fromEntries(Object.entries(row).reverse());
    expect(bulk.sheetOfRows('create', [reordered]).fileHash).toBe(sheet.fileHash);
    expect(refusal(() => bulk.sheetOfRows('create', [{ ...row, nickname: 'x' }])).message).toMatch(/Unknown column 'nickname'/);
  });

  it('hashes a file and JSON rows with their secret cells blanked: the hash cannot give a PIN away, the same file hashes alike', () => {
    const bulk = bulkFor(unused, sim());
    const cells = hireCells({ requiresBackoffice: 'true', backofficeUsername: 'hash_check' });
    const withSecrets = (pin: string, password: string) => bulk.parseCsv('create', { name: 'a.csv', content: csvOf([{ ...cells, posPin: pin, backofficePassword: password }]) }).fileHash;
    const hash = withSecrets('13579', 'Secret-one-42');
    expect(withSecrets('13579', 'Secret-one-42')).toBe(hash);
    expect(withSecrets('24680', 'Another-pass-7')).toBe(hash);
    expect(withSecrets('', '')).toBe(hash);
    expect(bulk.parseCsv('create', { name: 'b.csv', content: csvOf([{ ...cells, firstName: 'Other', posPin: '13579', backofficePassword: '' }]) }).fileHash).not.toBe(hash);

    const row = { ...cells, posUserId: Number(cells['posUserId']) };
    const rowsHash = (pin: number, password: string) => bulk.sheetOfRows('create', [{ ...row, posPin: pin, backofficePassword: password }]).fileHash;
    expect(rowsHash(13579, 'Secret-one-42')).toBe(rowsHash(24680, 'Another-pass-7'));
    expect(bulk.sheetOfRows('create', [{ ...row, lastName: 'Else', posPin: 13579 }]).fileHash).not.toBe(rowsHash(13579, 'Secret-one-42'));
  });

  it('each template file has the header and an example row that passes the schema', () => {
    const bulk = bulkFor(unused, sim());
    for (const kind of ['create', 'disable'] as const) {
      const sheet = bulk.parseCsv(kind, { name: 'template.csv', content: bulk.templateCsv(kind) });
      expect(sheet.rows).toHaveLength(1);
      expect(schemaIssues(kind, inputOfCells(sheet.rows[0]?.cells ?? {}))).toEqual([]);
    }
  });
});

describe('cell coercion', () => {
  it('whole numbers, booleans and lists read back as the values written; empty is not given', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }), (n) => coerceCell('posUserId', ` ${n} `) === n),
    );
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,20}[A-Za-z]$/), { minLength: 1, maxLength: 5 }), (names) => {
        expect(coerceCell('departments', names.join(' ; '))).toEqual(names);
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom('true', 'TRUE', 'yes', 'Yes', '1', 'false', 'no', 'NO', '0'), (word) =>
        coerceCell('requiresBackoffice', word) === ['true', 'yes', '1'].includes(word.toLowerCase()),
      ),
    );
    fc.assert(fc.property(fc.stringMatching(/^\s*$/), (blank) => coerceCell('email', blank) === undefined && coerceCell('posUserId', blank) === undefined));
    expect(coerceCell('availableSites', ' ALL ')).toBe('all');
    expect(coerceCell('posUserId', '12.5')).toBe('12.5');
    expect(coerceCell('requiresBackoffice', 'maybe')).toBe('maybe');
  });
});

describe('generated Back Office passwords', () => {
  it('never begin like a formula, so the results file shows them exactly as set', () => {
    for (let i = 0; i < 2_000; i++) {
      const password = spreadsheetSafePassword();
      expect(password).toMatch(/^[^=+\-@\t\r]/);
      expect(password).toHaveLength(16);
    }
  });
});
