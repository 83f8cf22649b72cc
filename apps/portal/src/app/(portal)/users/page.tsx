import type { Metadata } from 'next';
import { BackofficeUserForm } from './backoffice-user-form';
import { BackofficeUserList } from './backoffice-user-list';

export const metadata: Metadata = { title: 'Back Office users' };

export default function BackofficeUsersPage() {
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Back Office users</h1>
          <p className="muted">Sign-ins to the vendor&apos;s BackOffice, linked to an employee (by POS user id or email) or standalone.</p>
        </div>
      </div>
      <BackofficeUserList />
      <BackofficeUserForm />
    </>
  );
}
