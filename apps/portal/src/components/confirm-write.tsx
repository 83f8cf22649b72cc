'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { errorMessageOf, portalErrorOf } from './errors';
import { ModalDialog } from './modal-dialog';
import { Warnings } from './query-state';

const stepList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * A refused or failed write: the public message (with its reference), and for a write cut short,
 * what was done, what may or may not have been, and what was not.
 */
export function WriteFailure({ error }: { error: unknown }) {
  const { details } = portalErrorOf(error);
  const done = stepList(details['completedSteps']);
  const unverified = stepList(details['unverifiedSteps']);
  const remaining = stepList(details['remainingSteps']);
  const unknownOutcome = details['verified'] === false && details['applied'] !== false;
  return (
    <div role="alert" className="alert alert-error">
      {errorMessageOf(error)}
      {done.length + unverified.length + remaining.length > 0 ? (
        <dl className="result">
          {done.length > 0 ? (
            <>
              <dt>Done</dt>
              <dd>{done.join(', ')}</dd>
            </>
          ) : null}
          {unverified.length > 0 ? (
            <>
              <dt>Not verified</dt>
              <dd>{unverified.join(', ')}</dd>
            </>
          ) : null}
          {remaining.length > 0 ? (
            <>
              <dt>Not done</dt>
              <dd>{remaining.join(', ')}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {unknownOutcome ? <p>The BackOffice may have applied this change: check the page once it has reloaded before trying again.</p> : null}
      {details['applied'] === false ? <p>Nothing was changed.</p> : null}
    </div>
  );
}

interface WriteState<T> {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
}

/**
 * Asks before a write, naming what will change; then shows the verified result and its warnings,
 * or the failure. Closing (Cancel, Close, Escape) hands the focus back to what opened it.
 */
export function ConfirmWriteDialog<T extends { warnings: string[] }>({
  title,
  doneTitle,
  body,
  confirmLabel,
  pendingLabel,
  danger = false,
  write,
  onConfirm,
  done,
  onClose,
  fallbackFocus,
}: {
  title: string;
  doneTitle: string;
  body: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  danger?: boolean;
  write: WriteState<T>;
  onConfirm: () => void;
  done: (result: T) => ReactNode;
  onClose: () => void;
  fallbackFocus?: () => HTMLElement | null | undefined;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const close = () => dialogRef.current?.close();
  const result = write.isSuccess ? write.data : undefined;
  // The confirm button is gone once the result shows: the focus moves to its Close button.
  useEffect(() => {
    if (result) closeRef.current?.focus();
  }, [result]);
  return (
    <ModalDialog
      dialogRef={dialogRef}
      title={result ? doneTitle : title}
      body={result ? <div role="status" className="alert alert-ok">{done(result)}</div> : body}
      busy={write.isPending}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    >
      {result ? (
        <>
          <Warnings warnings={result.warnings} />
          <div className="actions">
            <button ref={closeRef} type="button" className="button button-primary" onClick={close}>
              Close
            </button>
          </div>
        </>
      ) : (
        <>
          {write.isError ? <WriteFailure error={write.error} /> : null}
          <div className="actions">
            <button type="button" className={`button ${danger ? 'button-danger' : 'button-primary'}`} disabled={write.isPending} onClick={onConfirm}>
              {write.isPending ? pendingLabel : confirmLabel}
            </button>
            <button type="button" className="button" disabled={write.isPending} onClick={close} data-autofocus>
              {write.isError ? 'Close' : 'Cancel'}
            </button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
