import { waitUntil } from './canary-harness.js';
import { dataOf, type PortalProbe } from './canary-portal-probe.js';

const UNKNOWN_RUN = '00000000-0000-4000-8000-000000000000';

interface SignedIn {
  admin: string;
  viewer: string;
}

interface RunData {
  run: { id: string; state: string };
}

type Hire = Record<string, unknown>;

const COLUMNS = ['firstName', 'lastName', 'phone', 'email', 'posUserId', 'wageRate', 'startDate', 'availableSites', 'permission', 'departments'];

/** A file of new hires, lists joined with `;` as the file format has them; base64 as the page uploads it. */
function hiresFile(hires: Hire[], fileName: string) {
  const cell = (value: unknown) => (Array.isArray(value) ? value.join(';') : String(value));
  const csv = [COLUMNS.join(','), ...hires.map((hire) => COLUMNS.map((column) => cell(hire[column])).join(','))].join('\r\n');
  return { kind: 'create', fileName, contentBase64: Buffer.from(csv).toString('base64') };
}

/**
 * Bulk changes on success and refusal paths: the dry run, a refused and a finished run, cancel and
 * resume, and the results file (the PINs are in its first download: PINs are not among the secrets
 * scanned, the tenant's credentials and the portal's passwords are).
 */
export async function bulkChanges(probe: PortalProbe, { admin, viewer }: SignedIn, newEmployee: () => Hire): Promise<void> {
  await probe.call('bulk template', 'bulk.template', { kind: 'create' }, { cookie: admin, expect: 'ok' });
  await probe.call('bulk template, bad kind', 'bulk.template', { kind: 'delete' }, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('bulk template as viewer', 'bulk.template', { kind: 'disable' }, { cookie: viewer, expect: 'FORBIDDEN' });

  const bad = hiresFile([newEmployee(), { ...newEmployee(), availableSites: 'Nowhere Wash' }], 'canary-bad.csv');
  await probe.call('bulk dry run with an error row', 'bulk.check', bad, { cookie: admin, expect: 'ok' });
  await probe.call('bulk dry run, not base64', 'bulk.check', { ...bad, contentBase64: 'a\nb' }, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('bulk dry run as viewer', 'bulk.check', bad, { cookie: viewer, expect: 'FORBIDDEN' });
  await probe.call('bulk start with an error row', 'bulk.start', bad, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('bulk start cross-origin', 'bulk.start', bad, { cookie: admin, origin: 'https://evil.example', expect: 'FORBIDDEN' });

  const good = hiresFile([newEmployee(), newEmployee()], 'canary-good.csv');
  const started = dataOf<{ id: string }>(await probe.call('bulk start', 'bulk.start', good, { cookie: admin, expect: 'ok' }));
  await waitUntil(`bulk run ${started.id} to finish`, async () => {
    const data = dataOf<RunData>(await probe.call('bulk run', 'bulk.get', { runId: started.id }, { cookie: admin, expect: 'ok' }));
    return data.run.state === 'finished' ? data : undefined;
  });
  await probe.call('bulk run unknown', 'bulk.get', { runId: UNKNOWN_RUN }, { cookie: admin, expect: 'NOT_FOUND' });
  await probe.call('bulk runs', 'bulk.list', undefined, { cookie: admin, expect: 'ok' });
  await probe.call('bulk runs signed out', 'bulk.list', undefined, { expect: 'UNAUTHORIZED' });
  await probe.call('bulk cancel of a finished run (nothing left to stop)', 'bulk.cancel', { runId: started.id }, { cookie: admin, expect: 'ok' });
  await probe.call('bulk cancel, bad id', 'bulk.cancel', { runId: 'x' }, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('bulk cancel unknown', 'bulk.cancel', { runId: UNKNOWN_RUN }, { cookie: admin, expect: 'error' });
  await probe.call('bulk resume a finished run', 'bulk.resume', { runId: started.id }, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('bulk resume as viewer', 'bulk.resume', { runId: started.id }, { cookie: viewer, expect: 'FORBIDDEN' });

  const results = `/api/bulk/${started.id}/results`;
  await probe.get('bulk results, first download', results, { cookie: admin, expect: 'ok' });
  await probe.get('bulk results, again', results, { cookie: admin, expect: 'ok' });
  await probe.get('bulk results as viewer', results, { cookie: viewer, expect: 'HTTP 403' });
  await probe.get('bulk results signed out', results, { expect: 'HTTP 401' });
  await probe.get('bulk results unknown', `/api/bulk/${UNKNOWN_RUN}/results`, { cookie: admin, expect: 'HTTP 404' });
}
