import type { BulkCheckReport, BulkCheckedRow, BulkProgress } from '@washops/operations';
import { describe, expect, it } from 'vitest';
import { checkReportText, durationText, EVERY_ROW_UP_TO, progressText, terminalSafe } from '../src/bulk-format.js';
import { PLAIN_PROGRESS_EVERY_MS, progressDisplay } from '../src/bulk-progress.js';
import type { CliIo } from '../src/io.js';

function row(rowNumber: number, overrides: Partial<BulkCheckedRow> = {}): BulkCheckedRow {
  return { rowNumber, status: 'ok', errors: [], warnings: [], cells: {}, ...overrides };
}

function report(rows: BulkCheckedRow[]): BulkCheckReport {
  const count = (status: string) => rows.filter((r) => r.status === status).length;
  return {
    kind: 'create',
    fileName: 'hires.csv',
    fileHash: 'f'.repeat(64),
    columns: ['firstName'],
    rows,
    counts: { total: rows.length, ok: count('ok'), warning: count('warning'), error: count('error') },
  };
}

function progress(overrides: Partial<BulkProgress> = {}): BulkProgress {
  return { total: 40, done: 12, failed: 1, partial: 0, remaining: 27, inFlight: 2, ratePerMinute: 14.24, etaMs: 114_000, ...overrides };
}

describe('the dry run as printed', () => {
  it('a short file shows every row, each problem on its own line with its field, then the counts', () => {
    const text = checkReportText(
      report([
        row(2),
        row(3, { status: 'error', errors: [{ field: 'posUserId', message: 'POS user id 7217 is taken on the tenant' }, { message: 'a second problem' }] }),
        row(4, { status: 'warning', warnings: [{ field: 'permission', message: 'no Back Office template named Cashier' }] }),
      ]),
    );
    expect(text.split('\n')).toEqual([
      'ROW  STATUS   FIELD       MESSAGE',
      '2    ok',
      '3    error    posUserId   POS user id 7217 is taken on the tenant',
      '3    error                a second problem',
      '4    warning  permission  no Back Office template named Cashier',
      'Checked hires.csv: 3 rows: 1 ok, 1 with warnings, 1 with errors.',
      '',
    ]);
  });

  it('a long file shows only the rows with problems and says how many it left out', () => {
    const rows = Array.from({ length: EVERY_ROW_UP_TO + 5 }, (_, i) => row(i + 2));
    rows[7] = row(9, { status: 'error', errors: [{ field: 'email', message: 'email is used by row 4 of this file' }] });
    const lines = checkReportText(report(rows)).trimEnd().split('\n');
    expect(lines).toEqual([
      'ROW  STATUS  FIELD  MESSAGE',
      '9    error   email  email is used by row 4 of this file',
      `(${EVERY_ROW_UP_TO + 4} rows without problems not shown)`,
      `Checked hires.csv: ${EVERY_ROW_UP_TO + 5} rows: ${EVERY_ROW_UP_TO + 4} ok, 0 with warnings, 1 with errors.`,
    ]);
  });

  it('says which rows an earlier run of the same file already did', () => {
    expect(checkReportText(report([row(2, { previous: 'done' }), row(3, { previous: 'partial' })]))).toContain('2    ok (done earlier, skipped)\n3    ok (was partial)');
  });

  it('cells and messages cannot move the cursor or recolour the terminal', () => {
    expect(terminalSafe('Ada\u001b[2J\u001b[31mRED\r\nx')).toBe('Ada [2J [31mRED x');
    const text = checkReportText(report([row(2, { status: 'error', errors: [{ field: 'first\u001bName', message: 'bad \u0007 value' }] })]));
    expect([...text].filter((char) => char !== '\n' && char.charCodeAt(0) < 32)).toEqual([]);
  });
});

describe('progress', () => {
  it('says done, failed, remaining, rate and time left', () => {
    expect(progressText(progress())).toBe('12 of 40 done, 1 failed, 27 remaining, 14.2 rows/min, about 1 min 54 s left');
    expect(progressText(progress({ ratePerMinute: null, etaMs: null }))).toBe('12 of 40 done, 1 failed, 27 remaining');
    expect([durationText(40_400), durationText(3_780_000)]).toEqual(['40 s', '1 h 3 min']);
  });

  it('without a terminal prints a plain line at the start, at most one every few seconds, and the last one', () => {
    const written: string[] = [];
    let clock = 0;
    const io = { stderr: { write: (text: string) => void written.push(text), isTTY: false } } as unknown as CliIo;
    const display = progressDisplay(io, () => clock);
    display.update(progress({ done: 0, remaining: 40 }));
    clock += PLAIN_PROGRESS_EVERY_MS - 1;
    display.update(progress({ done: 5, remaining: 35 }));
    clock += 1;
    display.update(progress({ done: 6, remaining: 34 }));
    display.update(progress({ done: 40, failed: 0, remaining: 0 }));
    display.stop();
    expect(written.map((line) => line.replace(/,.*/, ''))).toEqual(['progress: 0 of 40 done\n', 'progress: 6 of 40 done\n', 'progress: 40 of 40 done\n']);
  });

  it('on a terminal draws a bar on stderr with the same figures', () => {
    const written: string[] = [];
    const io = { stderr: { write: (text: string) => void written.push(text), isTTY: true, columns: 200, cursorTo: () => true, clearLine: () => true, moveCursor: () => true, on: () => undefined, removeListener: () => undefined } } as unknown as CliIo;
    const display = progressDisplay(io);
    display.update(progress());
    display.update(progress({ done: 39, remaining: 0, etaMs: 0 }));
    display.stop();
    const screen = written.join('');
    expect(screen).toContain('12/40 done | 1 failed | 27 remaining | 14.2 rows/min | about 1 min 54 s left');
    expect(screen).toMatch(/39\/40 done \| 1 failed \| 0 remaining \| 14\.2 rows\/min(?! \|)/);
  });
});
