'use client';

import { errorMessageOf } from './errors';

export function Loading({ label }: { label: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      {label}
    </p>
  );
}

export function QueryError({ error, what, onRetry }: { error: unknown; what: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="alert alert-error">
      <strong>Could not load {what}.</strong> {errorMessageOf(error)}
      {onRetry ? (
        <>
          {' '}
          <button type="button" className="button-link" onClick={onRetry}>
            Try again
          </button>
        </>
      ) : null}
    </div>
  );
}

export function Warnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="alert alert-warn">
      <strong>{warnings.length === 1 ? 'Warning' : 'Warnings'}</strong>
      <ul>
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </div>
  );
}
