import { and, desc, eq, sql } from 'drizzle-orm';
import type { StoreDb } from '../connection.js';
import { digestDeliveries } from './schema.js';
import type { DigestDelivery, DigestDeliveryKey, DigestDeliveryState, DigestQueries } from './types.js';

const keyOf = (key: DigestDeliveryKey) =>
  and(eq(digestDeliveries.siteCode, key.siteCode), eq(digestDeliveries.day, key.day), eq(digestDeliveries.recipient, key.recipient));

export function digestQueries(db: StoreDb): DigestQueries {
  return {
    async claim(key, subject, at = new Date()) {
      // One statement: two checks racing on the same key cannot both win it.
      const claimed = await db
        .insert(digestDeliveries)
        .values({ ...key, state: 'sending', subject, startedAt: at })
        .onConflictDoUpdate({
          target: [digestDeliveries.siteCode, digestDeliveries.day, digestDeliveries.recipient],
          set: { state: 'sending', subject, startedAt: at, finishedAt: null, error: null, retryable: false },
          setWhere: sql`${digestDeliveries.state} = 'failed' and ${digestDeliveries.retryable}`,
        })
        .returning({ state: digestDeliveries.state });
      return claimed.length === 1;
    },

    async markSent(key, messageId, at = new Date()) {
      await db.update(digestDeliveries).set({ state: 'sent', messageId, finishedAt: at, error: null }).where(keyOf(key));
    },

    async markFailed(key, error, retryable, at = new Date()) {
      await db.update(digestDeliveries).set({ state: 'failed', error, retryable, finishedAt: at }).where(keyOf(key));
    },

    async list(filter) {
      const rows = await db
        .select()
        .from(digestDeliveries)
        .where(filter.day ? and(eq(digestDeliveries.siteCode, filter.siteCode), eq(digestDeliveries.day, filter.day)) : eq(digestDeliveries.siteCode, filter.siteCode))
        .orderBy(desc(digestDeliveries.day), digestDeliveries.recipient)
        .limit(500);
      return rows.map((row): DigestDelivery => ({ ...row, state: row.state as DigestDeliveryState }));
    },
  };
}
