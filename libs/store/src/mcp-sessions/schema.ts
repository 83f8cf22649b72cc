import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The MCP server's HTTP sessions and their streams' events (README, "MCP sessions"): kept here rather than in one
// process's memory, so any instance sharing the database serves any session and replays a dropped stream.

export const mcpSessions = pgTable(
  'mcp_sessions',
  {
    /** SHA-256 of the `Mcp-Session-Id`: a leaked table cannot be used as sessions. */
    idHash: text('id_hash').primaryKey(),
    /** The name of the bearer token that opened it (never the token): only that token's requests may use it. */
    tokenName: text('token_name').notNull(),
    /** The client's `initialize` parameters (protocol version, capabilities, client info), to rebuild the session elsewhere. */
    initialize: jsonb('initialize').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Idle expiry: moved forward by each request. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('mcp_sessions_token_created_idx').on(t.tokenName, t.createdAt), index('mcp_sessions_expires_at_idx').on(t.expiresAt)],
);

/** One server-sent event of a session's stream; the identity is the SSE event id, increasing within a stream. */
export const mcpSessionEvents = pgTable(
  'mcp_session_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionIdHash: text('session_id_hash')
      .notNull()
      .references(() => mcpSessions.idHash, { onDelete: 'cascade' }),
    streamId: text('stream_id').notNull(),
    /** The JSON-RPC message as sent (`{}` for a stream's priming event). */
    message: jsonb('message').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mcp_session_events_stream_idx').on(t.sessionIdHash, t.streamId, t.id)],
);
