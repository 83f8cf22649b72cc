import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { ValidationError } from '@washops/shared-errors';
import type { StoreDb } from '../connection.js';
import { rowsOf } from '../query-rows.js';
import { hashSessionToken } from '../sessions.js';
import { mcpSessionEvents, mcpSessions } from './schema.js';
import type { McpSessionQueries } from './types.js';

/** Serializes openings: the count per token name and the eviction must see every concurrent opening. */
const MCP_SESSION_OPEN_LOCK_KEY = 1_467_011_420;
/** What one replay reads at most: a stream longer than this is cut (the client re-initializes). */
const REPLAY_LIMIT_DEFAULT = 10_000;
/** SSE event ids are this store's identities: anything else names no event. */
const EVENT_ID = /^[1-9]\d{0,14}$/;

function positive(value: number, field: string): void {
  if (!Number.isFinite(value) || value <= 0) throw new ValidationError(`${field} must be a positive number.`, { details: { field } });
}

export function mcpSessionQueries(db: StoreDb): McpSessionQueries {
  const streamOf = async (id: string, eventId: string): Promise<string | undefined> => {
    if (!EVENT_ID.test(eventId)) return undefined;
    const [row] = await db
      .select({ streamId: mcpSessionEvents.streamId })
      .from(mcpSessionEvents)
      .where(and(eq(mcpSessionEvents.id, Number(eventId)), eq(mcpSessionEvents.sessionIdHash, hashSessionToken(id))));
    return row?.streamId;
  };

  return {
    async open({ id, tokenName, initialize, idleTtlMs, maxPerToken, at = new Date() }) {
      positive(idleTtlMs, 'idleTtlMs');
      positive(maxPerToken, 'maxPerToken');
      const idHash = hashSessionToken(id);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${MCP_SESSION_OPEN_LOCK_KEY})`);
        await tx.delete(mcpSessions).where(lte(mcpSessions.expiresAt, at));
        await tx
          .insert(mcpSessions)
          .values({ idHash, tokenName, initialize, createdAt: at, lastSeenAt: at, expiresAt: new Date(at.getTime() + idleTtlMs) });
        // The newest `maxPerToken` stay (the one just opened first among equals); older ones of the same name end.
        const older = await tx
          .select({ idHash: mcpSessions.idHash })
          .from(mcpSessions)
          .where(eq(mcpSessions.tokenName, tokenName))
          .orderBy(desc(mcpSessions.createdAt), desc(sql`${mcpSessions.idHash} = ${idHash}`))
          .offset(Math.floor(maxPerToken));
        if (older.length > 0) await tx.delete(mcpSessions).where(inArray(mcpSessions.idHash, older.map((row) => row.idHash)));
        return { evicted: older.length };
      });
    },

    async touch(id, tokenName, idleTtlMs, at = new Date()) {
      positive(idleTtlMs, 'idleTtlMs');
      const [row] = await db
        .update(mcpSessions)
        .set({ lastSeenAt: at, expiresAt: new Date(at.getTime() + idleTtlMs) })
        .where(and(eq(mcpSessions.idHash, hashSessionToken(id)), eq(mcpSessions.tokenName, tokenName), gt(mcpSessions.expiresAt, at)))
        .returning({
          tokenName: mcpSessions.tokenName,
          initialize: mcpSessions.initialize,
          createdAt: mcpSessions.createdAt,
          lastSeenAt: mcpSessions.lastSeenAt,
          expiresAt: mcpSessions.expiresAt,
        });
      return row;
    },

    async close(id) {
      const ended = await db.delete(mcpSessions).where(eq(mcpSessions.idHash, hashSessionToken(id))).returning({ idHash: mcpSessions.idHash });
      return ended.length > 0;
    },

    async deleteExpired(at = new Date()) {
      const ended = await db.delete(mcpSessions).where(lte(mcpSessions.expiresAt, at)).returning({ idHash: mcpSessions.idHash });
      return ended.length;
    },

    async deleteStaleEvents(at = new Date()) {
      // A session's idle lifetime is what its last request set: expiry minus last request.
      const dropped = await db.execute(sql`
        delete from ${mcpSessionEvents} using ${mcpSessions}
        where ${mcpSessionEvents.sessionIdHash} = ${mcpSessions.idHash}
          and ${mcpSessionEvents.createdAt} < ${at.toISOString()}::timestamptz - (${mcpSessions.expiresAt} - ${mcpSessions.lastSeenAt})
        returning ${mcpSessionEvents.id}`);
      return rowsOf(dropped).length;
    },

    async appendEvent(id, streamId, message) {
      const [row] = await db
        .insert(mcpSessionEvents)
        .values({ sessionIdHash: hashSessionToken(id), streamId, message })
        .returning({ id: mcpSessionEvents.id });
      return String(row?.id);
    },

    streamOfEvent: streamOf,

    async eventsAfter(id, eventId, limit = REPLAY_LIMIT_DEFAULT) {
      const streamId = await streamOf(id, eventId);
      if (streamId === undefined) return undefined;
      const rows = await db
        .select({ id: mcpSessionEvents.id, message: mcpSessionEvents.message })
        .from(mcpSessionEvents)
        .where(
          and(
            eq(mcpSessionEvents.sessionIdHash, hashSessionToken(id)),
            eq(mcpSessionEvents.streamId, streamId),
            gt(mcpSessionEvents.id, Number(eventId)),
          ),
        )
        .orderBy(asc(mcpSessionEvents.id))
        .limit(limit);
      return { streamId, events: rows.map((row) => ({ eventId: String(row.id), message: row.message })) };
    },
  };
}
