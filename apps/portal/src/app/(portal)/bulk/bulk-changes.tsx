'use client';

import type { BulkCheckReport, BulkKind } from '@washops/operations/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { errorMessageOf } from '../../../components/errors';
import { ModalDialog } from '../../../components/modal-dialog';
import { useIsAdmin } from '../../../components/session';
import { useTRPC } from '../../../trpc/client';
import { base64OfBytes, KIND_LABELS, oversizeMessage, type BulkUpload } from './bulk-file';
import { CheckTable, countsText } from './check-table';
import { RunHistory } from './run-history';
import { RunView } from './run-view';

export function BulkChanges() {
  const isAdmin = useIsAdmin();
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Bulk changes</h1>
          <p className="muted">
            New hires or leavers from a spreadsheet (CSV). Every row is checked against the tenant first (nothing is written); then the
            run writes them a few at a time. Running the same file again resumes its run: rows already done are skipped.
          </p>
        </div>
      </div>
      {isAdmin ? <BulkChangesAdmin /> : <p className="alert alert-warn">Only an admin can make bulk changes. You are signed in as a viewer.</p>}
    </>
  );
}

/** The template file, fetched on demand and handed to the browser as a download. */
function useTemplateDownload(kind: BulkKind) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  async function download() {
    setError(null);
    try {
      const template = await queryClient.fetchQuery(trpc.bulk.template.queryOptions({ kind }));
      const url = URL.createObjectURL(new Blob([template.csv], { type: 'text/csv;charset=utf-8' }));
      const link = Object.assign(document.createElement('a'), { href: url, download: template.fileName });
      link.click();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (caught) {
      setError(caught);
    }
  }
  return { download, error };
}

function BulkChangesAdmin() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const kindName = useId();
  const fileId = useId();
  const fileHintId = useId();
  const [kind, setKind] = useState<BulkKind>('create');
  const [upload, setUpload] = useState<BulkUpload | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [openRun, setOpenRun] = useState<{ runId: string; resumed: boolean } | null>(null);
  const runButtonRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const template = useTemplateDownload(kind);

  const check = useMutation(trpc.bulk.check.mutationOptions());
  const start = useMutation(
    trpc.bulk.start.mutationOptions({
      onSuccess: (run) => {
        setOpenRun({ runId: run.id, resumed: check.data?.resumes !== undefined });
        dialogRef.current?.close();
        setUpload(null);
        check.reset();
        void queryClient.invalidateQueries({ queryKey: trpc.bulk.list.queryKey() });
      },
    }),
  );

  function chooseKind(next: BulkKind) {
    setKind(next);
    setUpload(null);
    setFileError(null);
    check.reset();
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be chosen again after fixing it: the input must report a change next time too.
    event.target.value = '';
    check.reset();
    start.reset();
    setUpload(null);
    if (!file) return;
    const tooBig = oversizeMessage(file.size);
    setFileError(tooBig);
    if (tooBig) return;
    const chosen = { fileName: file.name, contentBase64: base64OfBytes(new Uint8Array(await file.arrayBuffer())) };
    setUpload(chosen);
    check.mutate({ kind, ...chosen });
  }

  const report: BulkCheckReport | undefined = check.data;
  const blocked = !report || report.counts.error > 0 || report.rows.length === 0;
  return (
    <>
      <section className="card" aria-label="Upload a file">
        <fieldset className="section">
          <legend>What the file holds</legend>
          <div className="radio-row field">
            {(['create', 'disable'] as const).map((value) => (
              <label key={value} className="checkbox">
                <input type="radio" name={kindName} checked={kind === value} onChange={() => chooseKind(value)} />
                {value === 'create' ? 'New hires (create employees)' : 'Leavers (disable employees)'}
              </label>
            ))}
          </div>
        </fieldset>
        <p>
          <button type="button" className="button" onClick={() => void template.download()}>
            Download the {kind === 'create' ? 'new hires' : 'leavers'} template
          </button>
        </p>
        {template.error ? (
          <p className="field-error" role="alert">
            {errorMessageOf(template.error)}
          </p>
        ) : null}
        <div className={`field${fileError ? ' field-invalid' : ''}`}>
          <label htmlFor={fileId}>CSV file</label>
          <input id={fileId} type="file" accept=".csv,text/csv" aria-describedby={fileHintId} onChange={(event) => void onFile(event)} />
          <p id={fileHintId} className="field-hint">
            A header row, then one row per employee; at most 1 MiB and 2,000 rows. To fix a row, correct the spreadsheet and upload it again.
          </p>
          {fileError ? (
            <p className="field-error" role="alert">
              {fileError}
            </p>
          ) : null}
        </div>
        {check.isPending ? (
          <p className="loading" role="status">
            Checking {upload?.fileName} against the tenant…
          </p>
        ) : null}
        {check.isError ? (
          <div role="alert" className="alert alert-error">
            {errorMessageOf(check.error)}
          </div>
        ) : null}
      </section>

      {report ? (
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
            <button ref={runButtonRef} type="button" className="button button-primary" disabled={blocked} onClick={() => setConfirming(true)}>
              Run {report.counts.total} {report.counts.total === 1 ? 'row' : 'rows'}
            </button>
          </div>
        </section>
      ) : null}

      {confirming && report && upload ? (
        <ModalDialog
          dialogRef={dialogRef}
          title={report.kind === 'disable' ? `Disable ${report.counts.total} employees?` : `Create ${report.counts.total} employees?`}
          body={
            <p>
              {report.kind === 'disable'
                ? 'Each employee in the file will no longer be able to sign in at the POS. This is written to the BackOffice row by row.'
                : 'Each row becomes an employee in the BackOffice (and a Back Office user where asked). This cannot be undone from here.'}{' '}
              Rows are written a few at a time; you can cancel, and the rows in progress finish.
            </p>
          }
          busy={start.isPending}
          onClose={() => {
            setConfirming(false);
            start.reset();
          }}
          fallbackFocus={() => runButtonRef.current}
        >
          {start.isError ? (
            <div role="alert" className="alert alert-error">
              {errorMessageOf(start.error)}
            </div>
          ) : null}
          <div className="actions">
            <button
              type="button"
              className={`button ${report.kind === 'disable' ? 'button-danger' : 'button-primary'}`}
              disabled={start.isPending}
              onClick={() => start.mutate({ kind: report.kind, ...upload })}
            >
              {start.isPending ? 'Starting…' : report.kind === 'disable' ? 'Disable them' : 'Create them'}
            </button>
            <button type="button" className="button" disabled={start.isPending} onClick={() => dialogRef.current?.close()} data-autofocus>
              Cancel
            </button>
          </div>
        </ModalDialog>
      ) : null}

      {openRun ? <RunView key={openRun.runId} runId={openRun.runId} resumed={openRun.resumed} /> : null}
      <RunHistory openRunId={openRun?.runId ?? null} onOpen={(runId) => setOpenRun({ runId, resumed: false })} />
    </>
  );
}
