'use client';

import type { BulkCheckReport, BulkKind } from '@washops/operations/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { errorMessageOf } from '../../../components/errors';
import { useIsAdmin } from '../../../components/session';
import { useTRPC } from '../../../trpc/client';
import { base64OfBytes, oversizeMessage, type BulkUpload } from './bulk-file';
import { DryRun, RunConfirmDialog } from './dry-run';
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

function KindChoice({ kind, onChoose }: { kind: BulkKind; onChoose: (kind: BulkKind) => void }) {
  const name = useId();
  return (
    <fieldset className="section">
      <legend>What the file holds</legend>
      <div className="radio-row field">
        {(['create', 'disable'] as const).map((value) => (
          <label key={value} className="checkbox">
            <input type="radio" name={name} checked={kind === value} onChange={() => onChoose(value)} />
            {value === 'create' ? 'New hires (create employees)' : 'Leavers (disable employees)'}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function BulkChangesAdmin() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
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
  return (
    <>
      <section className="card" aria-label="Upload a file">
        <KindChoice kind={kind} onChoose={chooseKind} />
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

      {report ? <DryRun report={report} runButtonRef={runButtonRef} onRun={() => setConfirming(true)} /> : null}

      {confirming && report && upload ? (
        <RunConfirmDialog
          report={report}
          start={start}
          dialogRef={dialogRef}
          onConfirm={() => start.mutate({ kind: report.kind, ...upload })}
          onClose={() => {
            setConfirming(false);
            start.reset();
          }}
          fallbackFocus={() => runButtonRef.current}
        />
      ) : null}

      {openRun ? <RunView key={openRun.runId} runId={openRun.runId} resumed={openRun.resumed} /> : null}
      <RunHistory openRunId={openRun?.runId ?? null} onOpen={(runId) => setOpenRun({ runId, resumed: false })} />
    </>
  );
}
