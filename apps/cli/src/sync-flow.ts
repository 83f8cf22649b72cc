import { openWarehouseSync, requireDataApiEnvironment, sitesOfRegion as regionSites, type DataApiAccess, type SyncStatus, type SyncStatusQuery, type SyncUnitEvent, type WarehouseSync } from '@washops/operations';
import { ValidationError } from '@washops/shared-errors';
import { cliActor } from './actor.js';
import { terminalSafe } from './bulk-format.js';
import { type CliIo, UnusableInput } from './io.js';
import { backfillSummary, statusJson, statusText } from './sync-format.js';
import { syncProgressDisplay } from './sync-progress.js';
import { resourceStatusText, waitForResources, windowLine } from './sync-resources.js';
import { connectTenant } from './tenant.js';
import { withStore } from './with-store.js';

/** Exit statuses of the sync commands (the command line's own). */
export const SYNC_EXIT = { ok: 0, someFailed: 1, interrupted: 130 } as const;

/** How often `backfill --wait` reads the ledger. */
export const WAIT_POLL_MS = 500;

export interface SyncConnectionOptions {
  demo?: boolean;
  dataDir?: string;
}

export interface SyncRange {
  from: string;
  to: string;
  sites?: string[];
  region?: string;
}

/** The Data API the sync talks to: the environment's, or with `--demo` the simulator's demo credential. */
function dataApiOf(io: CliIo, demo: boolean): DataApiAccess {
  try {
    return requireDataApiEnvironment(io.env, { demo });
  } catch (error) {
    // Missing or unusable settings are the caller's to fix before anything runs: a usage error.
    if (error instanceof ValidationError) throw new UnusableInput(error.message);
    throw error;
  }
}

/** The sync over this command's store and Data API, closed however the command ends. */
async function withSync(
  io: CliIo,
  options: SyncConnectionOptions,
  work: (sync: WarehouseSync, stop: AbortSignal) => Promise<void>,
  graceful?: { onStopRequested(): void; interruptedMessage: string },
): Promise<void> {
  const dataApi = dataApiOf(io, options.demo === true);
  io.stderr.write(`Data API: "${dataApi.apiId}"${dataApi.baseUrl ? ` at ${dataApi.baseUrl}` : ''}.\n`);
  await withStore(
    io,
    options.dataDir,
    async (store, stop) => {
      const sync = await openWarehouseSync({ store, dataApi, ...(io.clock ? { clock: io.clock } : {}) });
      try {
        await work(sync, stop);
      } finally {
        await sync.close();
      }
    },
    graceful ? { graceful } : {},
  );
}

/** A region's site codes from the BackOffice's site tree (its name or id, as the site list shows it). */
async function sitesOfRegion(io: CliIo, region: string, demo: boolean): Promise<string[]> {
  const tenant = await connectTenant(io, demo);
  try {
    const sites = await tenant.backoffice.reads.listSites();
    const codes = regionSites(sites, region).flatMap((site) => (site.code ? [site.code] : []));
    if (codes.length === 0) {
      const known = [...new Set(sites.flatMap((site) => (site.regionName ? [site.regionName] : [])))].sort();
      throw new UnusableInput(`No site of the BackOffice's site tree is in the region "${terminalSafe(region)}". Regions: ${known.join(', ') || 'none'}.`);
    }
    return codes;
  } finally {
    await tenant.close();
  }
}

/** The range as the sync takes it; `--sites` and `--region` together keep the sites named in both. */
async function queryOf(io: CliIo, range: SyncRange, demo: boolean): Promise<SyncStatusQuery> {
  let sites = range.sites;
  if (range.region !== undefined) {
    const inRegion = await sitesOfRegion(io, range.region, demo);
    sites = sites ? sites.filter((site) => inRegion.includes(site)) : inRegion;
    if (sites.length === 0) throw new UnusableInput(`None of the sites named is in the region "${terminalSafe(range.region)}".`);
  }
  return { from: range.from, to: range.to, ...(sites ? { siteCodes: sites } : {}) };
}

function unitLine(event: SyncUnitEvent): string {
  const where = `${terminalSafe(event.siteCode)} ${event.day}`;
  if (event.kind === 'done') return `${where}: done, ${event.records} records\n`;
  if (event.kind === 'released') return `${where}: handed back unfinished (queued again)\n`;
  return `${where}: failed (${event.code}: ${terminalSafe(event.message.split('\n')[0] ?? '')})${event.willRetry ? ', will retry' : ''}\n`;
}

/** `washops sync worker`: works the queue until Ctrl-C or SIGTERM, then hands back the site-days in hand (queued again). */
export async function runWorker(io: CliIo, options: SyncConnectionOptions & { concurrency?: number; schedule: boolean }): Promise<number> {
  let stopWorker: () => Promise<void> = async () => {};
  const graceful = {
    interruptedMessage: 'Interrupted with site-days in hand: they go back to the queue once their claim lapses, and are synced again whole.',
    onStopRequested: () => {
      io.stderr.write('\nStopping: the site-days in hand go back to the queue, to be synced again whole (Ctrl-C again to quit at once).\n');
      void stopWorker();
    },
  };
  await withSync(
    io,
    options,
    async (sync, stop) => {
      const worker = await sync.startWorker({
        ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
        schedule: options.schedule,
        signal: stop,
        onUnit: (event) => void io.stderr.write(unitLine(event)),
        onWindow: (event) => void io.stderr.write(windowLine(event)),
      });
      stopWorker = () => worker.stop();
      io.stderr.write(`Worker started${options.schedule ? ' (with the nightly schedule)' : ''}; Ctrl-C or SIGTERM stops it.\n`);
      await worker.done;
      io.stderr.write('Worker stopped.\n');
    },
    graceful,
  );
  return SYNC_EXIT.ok;
}

/** The request's site-days are settled: none pending or running, and the queue holds nothing for them. */
function settled(status: SyncStatus): boolean {
  return status.counts.pending === 0 && status.counts.running === 0 && status.queue.queued === 0 && status.queue.active === 0;
}

/** Progress reads that may fail in a row before the wait gives up. */
const MAX_FAILED_READS = 5;

/**
 * Shows done/total until the request's site-days are settled (or the stop), and returns the last status. A status
 * read that fails is tried again at the next poll (on the embedded database a read beside busy workers can fail
 * now and then); only several in a row end the wait.
 */
async function waitForRange(io: CliIo, sync: WarehouseSync, query: SyncStatusQuery, total: number, stop: AbortSignal): Promise<SyncStatus> {
  const progress = syncProgressDisplay(io);
  let failedReads = 0;
  try {
    for (;;) {
      let status: SyncStatus | undefined;
      try {
        status = await sync.status(query);
        failedReads = 0;
      } catch (error) {
        failedReads += 1;
        if (failedReads >= MAX_FAILED_READS) throw error;
      }
      if (status) {
        progress.update({ total, done: status.counts.done, failed: status.counts.failed, records: status.counts.records });
        if (settled(status) || stop.aborted) return status;
      }
      await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    }
  } finally {
    progress.stop();
  }
}

/** `washops sync backfill`: queues the range; with `--wait` shows it fill (worked here unless `--no-worker`). */
export async function runBackfill(io: CliIo, range: SyncRange, options: SyncConnectionOptions & { wait?: boolean; worker: boolean; concurrency?: number }): Promise<number> {
  const query = await queryOf(io, range, options.demo === true);
  let status: number = SYNC_EXIT.ok;
  const graceful = {
    interruptedMessage: 'Interrupted. The queued site-days stay queued: any `washops sync worker` (or the portal) takes them.',
    onStopRequested: () => void io.stderr.write('\nStopping: the site-days in hand go back to the queue, to be synced again whole (Ctrl-C again to quit at once).\n'),
  };
  await withSync(
    io,
    options,
    async (sync, stop) => {
      const result = await sync.backfill(query, cliActor(io.env));
      const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
      io.stdout.write(`Queued ${result.queued} of ${count(result.units, 'site-day')} (${count(result.siteCodes.length, 'site')} × ${count(result.days.length, 'day')}); the others were queued or synced already.\n`);
      if (!options.wait) return;
      const worker = options.worker
        ? await sync.startWorker({ ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }), schedule: false, signal: stop })
        : undefined;
      if (!worker) io.stderr.write('Waiting for the workers elsewhere (--no-worker).\n');
      try {
        const ended = await waitForRange(io, sync, { ...query, siteCodes: result.siteCodes }, result.units, stop);
        io.stdout.write(`${backfillSummary(ended)}\n`);
        status = stop.aborted ? SYNC_EXIT.interrupted : ended.counts.failed > 0 ? SYNC_EXIT.someFailed : SYNC_EXIT.ok;
      } finally {
        await worker?.stop();
      }
    },
    graceful,
  );
  return status;
}

/** `washops sync status`: the grid (or JSON) of the range. */
export async function runStatus(io: CliIo, range: SyncRange, options: SyncConnectionOptions & { json?: boolean }): Promise<number> {
  const query = await queryOf(io, range, options.demo === true);
  await withSync(io, options, async (sync) => {
    const status = await sync.status(query);
    io.stdout.write(options.json ? statusJson(status) : statusText(status));
  });
  return SYNC_EXIT.ok;
}

/** `washops sync pause|resume`: the switch every worker reads. */
export async function runSwitch(io: CliIo, paused: boolean, options: SyncConnectionOptions): Promise<number> {
  await withSync(io, options, async (sync) => {
    await (paused ? sync.pause(cliActor(io.env)) : sync.resume(cliActor(io.env)));
    io.stdout.write(paused ? 'Paused: workers finish the site-days in hand and take nothing new; the queue keeps its jobs.\n' : 'Resumed: workers take queued site-days again.\n');
  });
  return SYNC_EXIT.ok;
}

/** `washops sync retry`: the range's failed site-days queued again. */
export async function runRetry(io: CliIo, range: SyncRange, options: SyncConnectionOptions): Promise<number> {
  const query = await queryOf(io, range, options.demo === true);
  await withSync(io, options, async (sync) => {
    const count = await sync.retryFailed(query, cliActor(io.env));
    io.stdout.write(count === 0 ? `No failed site-days from ${range.from} to ${range.to}.\n` : `Queued ${count} failed site-day${count === 1 ? '' : 's'} again.\n`);
  });
  return SYNC_EXIT.ok;
}

/** `washops sync resources`: queues the Data API's other resources for a range of UTC days; with `--wait` works them here. */
export async function runResources(
  io: CliIo,
  range: { from: string; to: string; resources?: string[] },
  options: SyncConnectionOptions & { wait?: boolean; resync?: boolean },
): Promise<number> {
  let status: number = SYNC_EXIT.ok;
  await withSync(io, options, async (sync, stop) => {
    const request = { from: range.from, to: range.to, ...(range.resources ? { resources: range.resources } : {}), resync: options.resync === true };
    const result = await sync.resources.backfill(request, cliActor(io.env));
    io.stdout.write(`Queued ${result.queued} of ${result.windows} windows of ${result.resources.join(', ')}; the others were queued or synced already.\n`);
    if (!options.wait) return;
    const worker = await sync.startWorker({ schedule: false, signal: stop, onWindow: (event) => void io.stderr.write(windowLine(event)) });
    try {
      const statuses = await waitForResources(sync, request, stop);
      io.stdout.write(resourceStatusText(statuses));
      const failed = statuses.some((s) => s.windows.some((w) => w.state === 'failed'));
      status = stop.aborted ? SYNC_EXIT.interrupted : failed ? SYNC_EXIT.someFailed : SYNC_EXIT.ok;
    } finally {
      await worker.stop();
    }
  });
  return status;
}
