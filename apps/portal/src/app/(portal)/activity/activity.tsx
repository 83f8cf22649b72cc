'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { AuditPages } from '../../../components/audit-pages';
import { auditFilterFieldsOf, auditSearchOf, type AuditFilterFields } from '../../../audit/query';
import { ActivityFilters } from './activity-filters';

/** The audit log: who changed what, from which channel, and how it ended. */
export function Activity() {
  const router = useRouter();
  const pathname = usePathname();
  const fields = auditFilterFieldsOf(useSearchParams());
  // New filters start again at the newest page.
  const apply = (next: AuditFilterFields) => {
    const search = auditSearchOf(next);
    router.push(search ? `${pathname}?${search}` : pathname, { scroll: false });
  };
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Activity</h1>
          <p className="muted">Every change made in the BackOffice and to portal users, from the portal, AI assistants and the command line.</p>
        </div>
      </div>
      <ActivityFilters key={auditSearchOf(fields)} fields={fields} onApply={apply} />
      <AuditPages fields={fields} caption="Activity" emptyText="No activity matches these filters." />
    </>
  );
}
