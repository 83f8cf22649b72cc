/** What opening a session needs; `id` is the `Mcp-Session-Id` handed to the client (the store keeps its hash). */
export interface NewMcpSession {
  id: string;
  tokenName: string;
  /** The client's `initialize` parameters. */
  initialize: Record<string, unknown>;
  /** Idle lifetime: the session expires this long after its last request. */
  idleTtlMs: number;
  /** Sessions one token name may hold; opening one more ends that name's oldest. */
  maxPerToken: number;
  at?: Date;
}

export interface McpSessionRecord {
  tokenName: string;
  initialize: Record<string, unknown>;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

export interface McpStoredEvent {
  /** The SSE event id (a decimal number). */
  eventId: string;
  message: Record<string, unknown>;
}

export interface McpSessionQueries {
  /** Records a new session; ends expired sessions and, past `maxPerToken`, the token name's oldest. Returns how many the bound ended. */
  open(session: NewMcpSession): Promise<{ evicted: number }>;
  /**
   * The session `id` when it exists, is unexpired and was opened by `tokenName` (otherwise `undefined`: to the client,
   * unknown). Moves its expiry to `idleTtlMs` from `at`.
   */
  touch(id: string, tokenName: string, idleTtlMs: number, at?: Date): Promise<McpSessionRecord | undefined>;
  /** Ends a session and drops its events. True when there was one. */
  close(id: string): Promise<boolean>;
  /** Ends the sessions expired at `at` (their events go with them). Returns how many. */
  deleteExpired(at?: Date): Promise<number>;
  /**
   * Drops the events stored longer ago than their session's idle lifetime (as its last request set it): a long-lived
   * session's old streams are not resumed, and each session keeps its own lifetime's worth. Returns how many.
   */
  deleteStaleEvents(at?: Date): Promise<number>;
  /** Stores one event of a session's stream; returns its event id. */
  appendEvent(id: string, streamId: string, message: Record<string, unknown>): Promise<string>;
  /** The stream an event id of this session belongs to; `undefined` for a malformed id or another session's. */
  streamOfEvent(id: string, eventId: string): Promise<string | undefined>;
  /** The events of `eventId`'s stream after it, oldest first (at most `limit`); `undefined` as in `streamOfEvent`. */
  eventsAfter(id: string, eventId: string, limit?: number): Promise<{ streamId: string; events: McpStoredEvent[] } | undefined>;
}
