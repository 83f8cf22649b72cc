'use client';

import type { BulkCheckReport } from '@washops/operations/schemas';
import type { RefObject } from 'react';
import { errorMessageOf } from '../../../components/errors';
import { ModalDialog } from '../../../components/modal-dialog';
import { KIND_LABELS } from './bulk-file';
import { CheckTable, countsText } from './check-table';

/** The dry run's report: counts, a resume notice, the table, and Run (disabled while any row has an error). */
export function DryRun({ report, runButtonRef, onRun }: { report: BulkCheckReport; runButtonRef: RefObject<HTMLButtonElement | null>; onRun: () => void }) {
  const blocked = report.counts.error > 0 || report.rows.length === 0;
  return (
    <section aria-labelledby="bulk-dry-run">
      <h2 id="bulk-dry-run">
        Dry run: {KIND_LABELS[report.kind]}, {report.fileName}
      </h2>
      <p className="count" role="status" data-testid="bulk-counts">
        {countsText(report.counts)}
      </p>
      {report.resumes ? (
        <p className="alert alert-ok">
          This file was run before: running it resumes that run. {report.resumes.done} rows are done and will be skipped; {report.resumes.remaining} remain.
        </p>
      ) : null}
      {report.counts.error > 0 ? (
        <p className="alert alert-error">Nothing can run while a row has an error. Fix the rows marked Error in the spreadsheet, then upload it again.</p>
      ) : null}
      <CheckTable report={report} />
      <div className="actions">
        <button ref={runButtonRef} type="button" className="button button-primary" disabled={blocked} onClick={onRun}>
          Run {report.counts.total} {report.counts.total === 1 ? 'row' : 'rows'}
        </button>
      </div>
    </section>
  );
}

/** Asks before a run: creating or disabling employees in bulk is not undone from here. */
export function RunConfirmDialog({
  report,
  start,
  dialogRef,
  onConfirm,
  onClose,
  fallbackFocus,
}: {
  report: BulkCheckReport;
  start: { isPending: boolean; isError: boolean; error: unknown };
  dialogRef: RefObject<HTMLDialogElement | null>;
  onConfirm: () => void;
  onClose: () => void;
  fallbackFocus: () => HTMLElement | null;
}) {
  const disabling = report.kind === 'disable';
  return (
    <ModalDialog
      dialogRef={dialogRef}
      title={disabling ? `Disable ${report.counts.total} employees?` : `Create ${report.counts.total} employees?`}
      body={
        <p>
          {disabling
            ? 'Each employee in the file will no longer be able to sign in at the POS. This is written to the BackOffice row by row.'
            : 'Each row becomes an employee in the BackOffice (and a Back Office user where asked). This cannot be undone from here.'}{' '}
          Rows are written a few at a time; you can cancel, and the rows in progress finish.
        </p>
      }
      busy={start.isPending}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    >
      {start.isError ? (
        <div role="alert" className="alert alert-error">
          {errorMessageOf(start.error)}
        </div>
      ) : null}
      <div className="actions">
        <button type="button" className={`button ${disabling ? 'button-danger' : 'button-primary'}`} disabled={start.isPending} onClick={onConfirm}>
          {start.isPending ? 'Starting…' : disabling ? 'Disable them' : 'Create them'}
        </button>
        <button type="button" className="button" disabled={start.isPending} onClick={() => dialogRef.current?.close()} data-autofocus>
          Cancel
        </button>
      </div>
    </ModalDialog>
  );
}
