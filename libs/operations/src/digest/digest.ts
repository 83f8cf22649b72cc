import { safeLog, type Logger } from '@washops/client-core';
import { NotFoundError, toPublicError, ValidationError } from '@washops/shared-errors';
import { addDays, type DigestDelivery, type PgBoss, type Store, type WarehouseSite } from '@washops/store';
import { openKpis } from '../kpis/kpis.js';
import type { KpisDeps } from '../kpis/types.js';
import { checkDay, zoneOrUtc } from '../warehouse/plan.js';
import { latestClosedDay } from './closing.js';
import { DEFAULT_CLOSE_HOUR, type DigestConfig } from './config.js';
import { digestContent } from './content.js';
import { DigestSendError, smtpMailer, type DigestMailer } from './mailer.js';
import { renderDigest, type DigestMessage } from './render.js';

/** The check's queue and schedule: every 15 minutes, so a site's digest goes out within a quarter hour of its close. */
export const DIGEST_QUEUE = 'digest-check';
const DIGEST_CRON = '*/15 * * * *';
/** How many closed days back a check looks: a day the sync had not finished is sent when it has, up to this late. */
export const DIGEST_LOOKBACK_DAYS = 3;

export interface DigestDeps extends KpisDeps {
  store: Store;
  /** `null`: no SMTP server configured, the digest is off (previews still work). */
  config: DigestConfig | null;
  /** Replaces the SMTP mailer (tests). */
  mailer?: DigestMailer;
  logger?: Logger;
  now?: () => number;
}

export interface DigestPreview extends DigestMessage {
  siteCode: string;
  siteName: string;
  day: string;
  /** Whether the day's transactions are synced whole: only then is it sent. */
  daySynced: boolean;
  /** Whether the day has closed at the site (the morning hour after it). */
  closed: boolean;
  recipients: string[];
}

export interface DigestCheckResult {
  sent: number;
  failed: number;
  /** Site-days closed and due but not synced whole yet: tried again at the next check. */
  notSynced: Array<{ siteCode: string; day: string }>;
}

export interface Digest {
  readonly enabled: boolean;
  preview(siteCode: string, day: string): Promise<DigestPreview>;
  deliveries(siteCode: string, day?: string): Promise<DigestDelivery[]>;
  /** Sends each closed, synced day's digest not yet sent (README, "The daily digest"). */
  check(at?: Date): Promise<DigestCheckResult>;
  /** Puts the check on the job queue's schedule and works it in this process; without configuration, does nothing. */
  schedule(boss: PgBoss): Promise<void>;
  close(): void;
}

export function openDigest(deps: DigestDeps): Digest {
  const { store, config, logger } = deps;
  const kpis = openKpis(deps);
  const now = deps.now ?? Date.now;
  let mailer = deps.mailer;
  const mailerFor = (c: DigestConfig) => (mailer ??= smtpMailer(c.smtpUrl, c.from));

  const siteOf = async (siteCode: string): Promise<WarehouseSite> => {
    const code = siteCode.trim().toUpperCase();
    const site = (await store.warehouse.listSites()).find((s) => s.siteCode.toUpperCase() === code);
    if (!site) throw new NotFoundError(`The warehouse knows no site ${siteCode}; sync its transactions first.`, { details: { siteCode } });
    return site;
  };

  const build = async (site: WarehouseSite, day: string) => {
    const content = await digestContent(kpis, { siteCode: site.siteCode, name: site.name }, day);
    return { content, message: renderDigest(content) };
  };

  /** Sends one site-day to each recipient not yet claimed; a refused connection leaves it for the next check. */
  const deliver = async (site: WarehouseSite, day: string, recipients: readonly string[], message: DigestMessage, result: DigestCheckResult, active: DigestConfig) => {
    for (const recipient of recipients) {
      const key = { siteCode: site.siteCode, day, recipient };
      if (!(await store.digest.claim(key, message.subject, new Date(now())))) continue;
      try {
        const messageId = await mailerFor(active).send(recipient, message);
        await store.digest.markSent(key, messageId, new Date(now()));
        result.sent++;
      } catch (error) {
        const failure = error instanceof DigestSendError ? error : new DigestSendError(String(error), false);
        await store.digest.markFailed(key, failure.message, failure.beforeHandover, new Date(now()));
        result.failed++;
        safeLog(logger, 'warn', { siteCode: site.siteCode, day, retryable: failure.beforeHandover, error: failure.message }, 'daily digest: a delivery failed');
      }
    }
  };

  const checkSite = async (site: WarehouseSite, recipients: string[], nowMs: number, active: DigestConfig, result: DigestCheckResult) => {
    const latest = latestClosedDay(nowMs, zoneOrUtc(site.timeZone), active.closeHour);
    for (let back = DIGEST_LOOKBACK_DAYS - 1; back >= 0; back--) {
      const day = addDays(latest, -back);
      const delivered = await store.digest.list({ siteCode: site.siteCode, day });
      // A row in any state but a retryable failure means someone already sent, is sending, or must look first.
      const due = recipients.filter((r) => !delivered.some((d) => d.recipient === r && !(d.state === 'failed' && d.retryable)));
      if (due.length === 0) continue;
      const { content, message } = await build(site, day);
      if (!content.daySynced) {
        result.notSynced.push({ siteCode: site.siteCode, day });
        safeLog(logger, 'info', { siteCode: site.siteCode, day }, 'daily digest: the day is not synced whole yet; the next check tries again');
        continue;
      }
      await deliver(site, day, due, message, result, active);
    }
  };

  const check = async (at?: Date): Promise<DigestCheckResult> => {
    const result: DigestCheckResult = { sent: 0, failed: 0, notSynced: [] };
    if (!config) return result;
    const nowMs = at?.getTime() ?? now();
    for (const site of await store.warehouse.listSites()) {
      const recipients = config.recipientsFor(site.siteCode);
      if (recipients.length === 0) continue;
      try {
        await checkSite(site, recipients, nowMs, config, result);
      } catch (error) {
        // One site's trouble (a database hiccup mid-read) leaves the others' digests to go out; the next check tries it again.
        safeLog(logger, 'warn', { siteCode: site.siteCode, error: toPublicError(error) }, 'daily digest: a site could not be checked');
      }
    }
    if (result.sent + result.failed > 0) safeLog(logger, 'info', { sent: result.sent, failed: result.failed }, 'daily digest: check done');
    return result;
  };

  return {
    enabled: config !== null,
    async preview(siteCode, day) {
      checkDay(day, 'day');
      const site = await siteOf(siteCode);
      const { content, message } = await build(site, day);
      return {
        ...message,
        siteCode: site.siteCode,
        siteName: site.name,
        day,
        daySynced: content.daySynced,
        closed: day <= latestClosedDay(now(), zoneOrUtc(site.timeZone), config?.closeHour ?? DEFAULT_CLOSE_HOUR),
        recipients: config?.recipientsFor(site.siteCode) ?? [],
      };
    },
    async deliveries(siteCode, day) {
      if (day !== undefined) checkDay(day, 'day');
      if (siteCode.trim() === '') throw new ValidationError('Name a site.');
      return store.digest.list({ siteCode: siteCode.trim().toUpperCase(), ...(day ? { day } : {}) });
    },
    check,
    async schedule(boss) {
      if (!config) return;
      await boss.createQueue(DIGEST_QUEUE, { name: DIGEST_QUEUE, policy: 'short', retryLimit: 0, expireInSeconds: 15 * 60 });
      await boss.schedule(DIGEST_QUEUE, DIGEST_CRON, {}, { tz: 'UTC' });
      await boss.work(DIGEST_QUEUE, { batchSize: 1 }, async () => {
        await check();
      });
    },
    close: () => mailer?.close(),
  };
}
