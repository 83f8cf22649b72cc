'use client';

import { useQuery } from '@tanstack/react-query';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { SelectField, TextField } from '../../../components/field';
import { Loading, QueryError } from '../../../components/query-state';
import { localDay } from '../../../sync/view';
import { useTRPC } from '../../../trpc/client';
import { DeliveryLog } from './delivery-log';

/** The page's choice as the URL keeps it (`?site=…&day=…`), so a preview can be linked to and reloaded. */
interface DigestChoice {
  site: string;
  day: string;
}

function DigestFilters({ applied, onApply }: { applied: DigestChoice; onApply: (choice: DigestChoice) => void }) {
  const trpc = useTRPC();
  const sites = useQuery({ ...trpc.discovery.sites.queryOptions(), staleTime: 10 * 60_000 });
  const [form, setForm] = useState(applied);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const coded = (sites.data ?? []).filter((site): site is typeof site & { code: string } => site.code !== null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!form.site) next['site'] = 'Choose a site.';
    if (!form.day) next['day'] = 'Pick a day.';
    setErrors(next);
    if (Object.keys(next).length === 0) onApply(form);
  }

  return (
    <form className="card filters" onSubmit={onSubmit} aria-label="Digest filters" noValidate>
      <div className="filter-grid">
        <SelectField label="Site" required value={form.site} error={errors['site']} onChange={(e) => setForm({ ...form, site: e.target.value })} disabled={sites.isPending}>
          <option value="">{sites.isPending ? 'Loading sites…' : 'Choose a site'}</option>
          {coded.map((site) => (
            <option key={site.code} value={site.code}>
              {site.name} ({site.code})
            </option>
          ))}
        </SelectField>
        <TextField label="Day" type="date" required value={form.day} error={errors['day']} onChange={(e) => setForm({ ...form, day: e.target.value })} hint="The site's local day." />
      </div>
      <div className="actions">
        <button type="submit" className="button">
          Show the digest
        </button>
      </div>
    </form>
  );
}

function Preview({ choice }: { choice: DigestChoice }) {
  const trpc = useTRPC();
  const preview = useQuery({ ...trpc.digest.preview.queryOptions(choice), staleTime: 60_000 });
  if (preview.isPending) return <Loading label="Building the digest…" />;
  if (preview.isError) return <QueryError error={preview.error} what="the digest" onRetry={() => void preview.refetch()} />;
  const p = preview.data;
  return (
    <section aria-labelledby="digest-mail-heading" className="digest-preview">
      <h2 id="digest-mail-heading">The e-mail</h2>
      <dl className="result">
        <dt>Subject</dt>
        <dd data-testid="digest-subject">{p.subject}</dd>
        <dt>To</dt>
        <dd>{p.recipients.length > 0 ? p.recipients.join(', ') : 'Nobody: WASHOPS_DIGEST_RECIPIENTS names no one for this site.'}</dd>
      </dl>
      {!p.enabled ? (
        <p className="alert alert-warn">The daily digest is off: no SMTP server is configured (WASHOPS_SMTP_URL). This is what it would send.</p>
      ) : null}
      {!p.daySynced ? (
        <p className="alert alert-warn" data-testid="digest-not-synced">
          The warehouse does not hold this day&apos;s transactions whole, so its digest is not sent yet; the daily check sends it once the sync has.
        </p>
      ) : !p.closed ? (
        <p className="alert alert-ok">This day has not closed at the site yet; the daily check sends it the morning after.</p>
      ) : null}
      {/* The mail's own HTML, in a frame that may run nothing and reach nothing: what a mail client would show. */}
      <iframe className="digest-frame" sandbox="" srcDoc={p.html} title={`The daily digest e-mail for ${p.siteName} (${p.siteCode}), ${p.day}`} data-testid="digest-frame" />
      <details>
        <summary>The plain-text part</summary>
        <pre className="digest-text">{p.text}</pre>
      </details>
    </section>
  );
}

/**
 * The daily digest's preview: the exact mail a site-day's manager gets after the site's close, and its delivery log.
 * The site and day live in the URL.
 */
export function DigestPreviewPage() {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const choice = useMemo<DigestChoice>(() => ({ site: (search.get('site') ?? '').trim(), day: search.get('day') ?? '' }), [search]);
  const chosen = choice.site !== '' && choice.day !== '';

  // Without a day the URL gets yesterday in the browser's calendar, once the page runs here.
  useEffect(() => {
    if (choice.day === '') router.replace(`${pathname}?${new URLSearchParams({ ...(choice.site ? { site: choice.site } : {}), day: localDay(-1) })}`, { scroll: false });
  }, [choice, pathname, router]);

  return (
    <div className="digest-page">
      <div className="page-head">
        <div>
          <h1>Daily digest</h1>
          <p className="muted">
            The e-mail each site&apos;s manager gets the morning after the site&apos;s day: the day, the month to date and the last 7 days. It is sent once the day has closed and its transactions are synced whole.
          </p>
        </div>
      </div>
      {choice.day === '' ? null : (
        <DigestFilters key={`${choice.site}|${choice.day}`} applied={choice} onApply={(next) => router.replace(`${pathname}?${new URLSearchParams({ site: next.site, day: next.day })}`, { scroll: false })} />
      )}
      {chosen ? (
        <>
          <Preview choice={choice} />
          <DeliveryLog site={choice.site} day={choice.day} />
        </>
      ) : choice.day !== '' ? (
        <p className="muted">Choose a site to see its digest.</p>
      ) : null}
    </div>
  );
}
