'use client';

import type { EmployeeCreated } from '@washops/operations/schemas';
import Link from 'next/link';
import { Warnings } from '../../../../components/query-state';

/** What was created, with the PIN (and a generated Back Office password) shown this once. */
export function CreatedResult({ created, name, onAnother }: { created: EmployeeCreated; name: string; onAnother: () => void }) {
  return (
    <>
      <h1>Employee created</h1>
      <div role="status" className="alert alert-ok">
        <strong>{name}</strong> was created in the BackOffice.
        <dl className="result">
          <dt>Employee id</dt>
          <dd>{created.employeeId}</dd>
          <dt>POS user id</dt>
          <dd>{created.posUserId}</dd>
          <dt>POS PIN</dt>
          <dd>
            <span className="secret" data-testid="pos-pin">
              {created.posPin}
            </span>
          </dd>
          <dt>Permission</dt>
          <dd>{created.permission}</dd>
          <dt>Wage site</dt>
          <dd>{created.wageSite}</dd>
          {created.backofficeUser ? (
            <>
              <dt>Back Office user</dt>
              <dd>
                {created.backofficeUser.username} (user id {created.backofficeUser.userId})
              </dd>
              {created.backofficeUser.generatedPassword ? (
                <>
                  <dt>Back Office password</dt>
                  <dd>
                    <span className="secret" data-testid="backoffice-password">
                      {created.backofficeUser.generatedPassword}
                    </span>{' '}
                    — shown only now; hand it over
                    securely.
                  </dd>
                </>
              ) : null}
            </>
          ) : null}
        </dl>
        Give the PIN to the employee; they sign in at the POS with it.
      </div>
      <Warnings warnings={created.warnings} />
      <div className="actions">
        <Link href="/employees" className="button button-primary">
          Back to the roster
        </Link>
        <button type="button" className="button" onClick={onAnother}>
          Create another employee
        </button>
      </div>
    </>
  );
}
