import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// The daily digest's deliveries (README, "The daily digest"): one row per site, local day and recipient, written
// `sending` before the mail server is asked, so a digest that may have gone out is never sent twice.

export const digestDeliveries = pgTable(
  'digest_deliveries',
  {
    siteCode: text('site_code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    recipient: text('recipient').notNull(),
    /** `sending` (asked, answer not recorded: may have gone out), `sent`, or `failed` (refused; `error` says why). */
    state: text('state').notNull(),
    subject: text('subject').notNull(),
    messageId: text('message_id'),
    error: text('error'),
    /** A failure before the message was handed over (connection refused): the next check may send it. */
    retryable: boolean('retryable').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'digest_deliveries_pkey', columns: [t.siteCode, t.day, t.recipient] }),
    check('digest_deliveries_state_check', sql`${t.state} in ('sending', 'sent', 'failed')`),
    index('digest_deliveries_day_idx').on(t.day),
  ],
);
