'use client';

import { syncRangeInput, type SyncRangeInput } from '@washops/portal-api/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { CheckboxGroup, SelectField, TextField } from '../../../components/field';
import { WriteFailure } from '../../../components/confirm-write';
import { ModalDialog } from '../../../components/modal-dialog';
import { useTRPC } from '../../../trpc/client';
import { localDay } from '../../../sync/view';

type Scope = 'sites' | 'region' | 'all';

/** The BackOffice's sites (their codes are the Data API's) and regions, for the backfill form. */
function useSiteTree() {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.discovery.sites.queryOptions(), staleTime: 10 * 60_000 });
  return useMemo(() => {
    const sites = (query.data ?? []).filter((site): site is typeof site & { code: string } => site.code !== null);
    const regions = [...new Set(sites.flatMap((site) => (site.regionName ? [site.regionName] : [])))].sort();
    return { query, sites: sites.map((site) => ({ value: site.code, label: `${site.code} · ${site.name}` })), regions };
  }, [query]);
}

/** Starts a backfill of days × sites (or a region, or every site); the grid then shows that range. */
function BackfillForm({ onStarted }: { onStarted: (range: SyncRangeInput) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tree = useSiteTree();
  const [from, setFrom] = useState(() => localDay(-2));
  const [to, setTo] = useState(() => localDay(-1));
  const [scope, setScope] = useState<Scope>('sites');
  const [sites, setSites] = useState<string[]>([]);
  const [region, setRegion] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const backfill = useMutation(
    trpc.sync.backfill.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.sync.status.queryKey() }) }),
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input: SyncRangeInput = { from, to, ...(scope === 'sites' ? { sites } : {}), ...(scope === 'region' ? { region } : {}) };
    const checked = syncRangeInput.safeParse(input);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0] ?? 'from'), issue.message])));
      return;
    }
    setErrors({});
    backfill.mutate(input, { onSuccess: () => onStarted(input) });
  }

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="backfill-heading">
      <h2 id="backfill-heading">Start a backfill</h2>
      <p className="muted">Each site-day is fetched once and kept; days already synced are skipped. At most 31 days at once.</p>
      <div className="sync-form-row">
        <TextField label="First day" type="date" required value={from} onChange={(e) => setFrom(e.target.value)} error={errors['from']} />
        <TextField label="Last day" type="date" required value={to} onChange={(e) => setTo(e.target.value)} error={errors['to']} />
        <SelectField label="Which sites" required value={scope} onChange={(e) => setScope(e.target.value as Scope)}>
          <option value="sites">Sites I pick</option>
          <option value="region">A region</option>
          <option value="all">Every site</option>
        </SelectField>
      </div>
      {scope === 'sites' ? (
        <CheckboxGroup legend="Sites" options={tree.sites} selected={sites} onChange={setSites} error={errors['sites']} />
      ) : scope === 'region' ? (
        <SelectField label="Region" required value={region} onChange={(e) => setRegion(e.target.value)} error={errors['region']}>
          <option value="">Choose a region</option>
          {tree.regions.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
      ) : null}
      {backfill.isError ? <WriteFailure error={backfill.error} /> : null}
      {backfill.isSuccess ? (
        <p role="status" className="alert alert-ok">
          Queued {backfill.data.queued} of {backfill.data.units} site-days ({backfill.data.units - backfill.data.queued} were already queued or synced).
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={backfill.isPending}>
        {backfill.isPending ? 'Starting…' : 'Start backfill'}
      </button>
    </form>
  );
}

/** Pause or resume, after a confirmation that says what it does to every worker. */
function PauseControl({ paused }: { paused: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const onSettled = () => void queryClient.invalidateQueries({ queryKey: trpc.sync.status.queryKey() });
  const pause = useMutation(trpc.sync.pause.mutationOptions({ onSettled }));
  const resume = useMutation(trpc.sync.resume.mutationOptions({ onSettled }));
  const write = paused ? resume : pause;
  return (
    <>
      <button type="button" className="button" onClick={() => setAsking(true)}>
        {paused ? 'Resume sync' : 'Pause sync'}
      </button>
      {asking ? (
        <ModalDialog
          title={paused ? 'Resume the sync?' : 'Pause the sync?'}
          body={
            <p>
              {paused
                ? 'Workers in every process start taking queued site-days again.'
                : 'Workers in every process finish the site-days in hand and take no more. Queued site-days stay queued until you resume.'}
            </p>
          }
          busy={write.isPending}
          onClose={() => setAsking(false)}
        >
          {write.isError ? <WriteFailure error={write.error} /> : null}
          <div className="actions">
            <button type="button" className="button" onClick={() => setAsking(false)} disabled={write.isPending}>
              Cancel
            </button>
            <button
              type="button"
              className="button button-primary"
              data-autofocus
              disabled={write.isPending}
              onClick={() => write.mutate(undefined, { onSuccess: () => setAsking(false) })}
            >
              {paused ? 'Resume' : 'Pause'}
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </>
  );
}

/** An admin's controls: pause or resume, retry the range's failed site-days, start a backfill. */
export function SyncControls({ paused, failed, range, onBackfill }: { paused: boolean; failed: number; range: SyncRangeInput; onBackfill: (range: SyncRangeInput) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const retry = useMutation(
    trpc.sync.retryFailed.mutationOptions({ onSettled: () => void queryClient.invalidateQueries({ queryKey: trpc.sync.status.queryKey() }) }),
  );
  return (
    <>
      <div className="actions">
        <PauseControl paused={paused} />
        <button type="button" className="button" disabled={failed === 0 || retry.isPending} onClick={() => retry.mutate(range)}>
          Retry {failed} failed
        </button>
        {retry.isSuccess ? <span role="status">Queued {retry.data.queued} again.</span> : null}
      </div>
      {retry.isError ? <WriteFailure error={retry.error} /> : null}
      <BackfillForm onStarted={onBackfill} />
    </>
  );
}
