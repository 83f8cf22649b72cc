'use client';

/** Shown when a portal page fails to render; the navigation stays usable. */
export default function PortalError({ reset }: { error: Error; reset: () => void }) {
  return (
    <div role="alert" className="alert alert-error">
      <strong>This page could not be shown.</strong> The details were logged on the server.{' '}
      <button type="button" className="button-link" onClick={reset}>
        Try again
      </button>
    </div>
  );
}
