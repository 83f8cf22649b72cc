import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  WebStandardStreamableHTTPServerTransport,
  type EventStore,
  type WebStandardStreamableHTTPServerTransportOptions,
} from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { McpSessionQueries } from '@washops/store';
import { DEFAULT_SESSION_IDLE_MINUTES, DEFAULT_SESSIONS_PER_TOKEN } from './config.js';

/** What stateful HTTP needs: the database's sessions, and their limits. */
export interface McpSessionSettings {
  queries: McpSessionQueries;
  /** A session ends after this long without a request (default one hour). */
  idleTtlMs?: number;
  /** Sessions one token name may hold; opening one more ends the name's oldest (default 16). */
  maxPerToken?: number;
}

/** Told to clients in a stream's priming event: how soon to reconnect after a stream drops. */
const RECONNECT_AFTER_MS = 1_000;
/** How often expired sessions are deleted and idle ones let go of this process's memory. */
const SWEEP_INTERVAL_MS = 60_000;

/** One session held by this process: its transport and the server answering on it. */
export interface LiveSession {
  transport: WebStandardStreamableHTTPServerTransport;
  server: McpServer;
  tokenName: string;
  lastRequestAt: number;
}

/** The ids handed out: 32 random bytes, so an id cannot be guessed (it is one half of the key; the token is the other). */
function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/** An `Mcp-Session-Id` this server could have issued (visible ASCII, bounded): anything else is not looked up. */
export function plausibleSessionId(id: string): boolean {
  return /^[\x21-\x7e]{1,128}$/.test(id);
}

/**
 * How often a replay of a stream another instance is still writing reads the database for its next events: soon
 * enough that progress still feels live, one indexed query per resumed stream.
 */
const FOLLOW_POLL_MS = 250;

/** A JSON-RPC response: the message that ends a request's stream. */
function endsStream(message: Record<string, unknown>): boolean {
  return 'id' in message && ('result' in message || 'error' in message);
}

/** What a session's event store knows of it: its id once issued, and whether storing is muted (the rebuild). */
interface EventStoreSession {
  id?: string;
  muted: boolean;
}

/** The event store, plus what its transport tells it: the errors it reports, and its close. */
interface DatabaseEventStore extends EventStore {
  noteTransportError(): void;
  stopFollowing(): void;
}

/**
 * The SDK's event store over the database, for one session. Writes and replays run one at a time: a replay
 * reads what is stored and the transport then attaches the new stream, and an event stored in between would
 * otherwise be neither replayed nor sent. While `muted`, nothing is stored (the internal re-initialization).
 *
 * A replayed stream this process does not write (the call runs on another instance) is then followed: its events
 * are read from the database as that instance stores them and sent on, until its response, the client going away,
 * the session ending, or the idle lifetime. The following runs outside the one-at-a-time queue: it reads only
 * streams this process never writes to, and the SDK answers the resume only once the replay has returned.
 */
function databaseEventStore(
  queries: McpSessionQueries,
  session: EventStoreSession,
  idleTtlMs: number,
  log: (message: string) => void,
): DatabaseEventStore {
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  const idOf = (): string => {
    if (session.id === undefined) throw new Error('The session has no id yet.');
    return session.id;
  };
  /** The streams this process stored events for: their live events reach a resumed stream through the transport. */
  const ownStreams = new Set<string>();
  /** One follower per stream: a newer resume of it supersedes the one before. */
  const followers = new Map<string, { stopped: boolean }>();
  /** Set while a follower's `send` runs: the SDK's send reports a write to a closed stream only through `onerror`. */
  let followerSend: { failed: boolean } | undefined;

  /** Hands `message` to the SDK's `send`; false when the stream is gone (the SDK has then closed it). */
  const sendOn = async (send: ReplaySend, eventId: string, message: Record<string, unknown>): Promise<boolean> => {
    const attempt = { failed: false };
    // The SDK's send writes synchronously: an error reported before it returns is this write's.
    followerSend = attempt;
    let sent: Promise<void>;
    try {
      sent = send(eventId, message as unknown as JSONRPCMessage);
    } finally {
      followerSend = undefined;
    }
    await sent;
    return !attempt.failed;
  };

  const follow = async (streamId: string, afterEventId: string, send: ReplaySend, follower: { stopped: boolean }): Promise<void> => {
    const giveUpAt = Date.now() + idleTtlMs;
    let last = afterEventId;
    while (!follower.stopped && Date.now() < giveUpAt) {
      await sleep(FOLLOW_POLL_MS, undefined, { ref: false });
      if (follower.stopped || session.id === undefined) return;
      // Gone with the session (its events go with it), or the event aged out: nothing more to follow.
      const found = await queries.eventsAfter(session.id, last);
      if (!found || found.streamId !== streamId) return;
      for (const event of found.events) {
        // This process began writing the stream (the GET stream is shared): the transport sends its events now.
        if (follower.stopped || ownStreams.has(streamId)) return;
        last = event.eventId;
        if (!('jsonrpc' in event.message)) continue;
        if (!(await sendOn(send, event.eventId, event.message))) return;
        if (endsStream(event.message)) return;
      }
    }
  };

  const startFollowing = (streamId: string, afterEventId: string, send: ReplaySend): void => {
    const before = followers.get(streamId);
    if (before) before.stopped = true;
    const follower = { stopped: false };
    followers.set(streamId, follower);
    void follow(streamId, afterEventId, send, follower)
      .catch(() => log('Stopped following a resumed MCP stream: its events could not be read from the database.'))
      .finally(() => {
        if (followers.get(streamId) === follower) followers.delete(streamId);
      });
  };

  return {
    storeEvent: (streamId, message) => {
      if (session.muted) return Promise.resolve('0');
      ownStreams.add(streamId);
      return inTurn(() => queries.appendEvent(idOf(), streamId, message as unknown as Record<string, unknown>));
    },
    getStreamIdForEventId: (eventId) => queries.streamOfEvent(idOf(), eventId),
    replayEventsAfter: (lastEventId, { send }) =>
      inTurn(async () => {
        const found = await queries.eventsAfter(idOf(), lastEventId);
        if (!found) throw new Error('The event id names no stream of this session.');
        let last = lastEventId;
        let ended = false;
        for (const event of found.events) {
          last = event.eventId;
          // A priming event (`{}`) marks where a stream starts; it carries no message.
          if (!('jsonrpc' in event.message)) continue;
          await send(event.eventId, event.message as unknown as JSONRPCMessage);
          ended = endsStream(event.message);
        }
        if (!ended && !ownStreams.has(found.streamId)) startFollowing(found.streamId, last, send);
        return found.streamId;
      }),
    noteTransportError: () => {
      if (followerSend) followerSend.failed = true;
    },
    stopFollowing: () => {
      for (const follower of followers.values()) follower.stopped = true;
      followers.clear();
    },
  };
}

type ReplaySend = Parameters<EventStore['replayEventsAfter']>[1]['send'];

/**
 * A transport for a session, with its event store told of the transport's errors and close (set before the server
 * connects, which keeps them and adds its own).
 */
function sessionTransport(
  options: Omit<WebStandardStreamableHTTPServerTransportOptions, 'eventStore'>,
  eventStore: DatabaseEventStore,
): WebStandardStreamableHTTPServerTransport {
  const transport = new WebStandardStreamableHTTPServerTransport({ ...options, eventStore });
  transport.onerror = () => eventStore.noteTransportError();
  transport.onclose = () => eventStore.stopFollowing();
  return transport;
}

/**
 * The sessions this process serves, with the database as the record: a session opened here is written there
 * before its id is handed out; one opened by another instance is rebuilt here on its first request.
 */
export class SessionRegistry {
  private readonly live = new Map<string, LiveSession>();
  private readonly rebuilding = new Map<string, Promise<LiveSession>>();
  private readonly sweep: NodeJS.Timeout;
  readonly idleTtlMs: number;
  readonly maxPerToken: number;

  constructor(
    private readonly settings: McpSessionSettings,
    private readonly serverFactory: (actorName: string) => McpServer,
    private readonly log: (message: string) => void,
  ) {
    this.idleTtlMs = settings.idleTtlMs ?? DEFAULT_SESSION_IDLE_MINUTES * 60_000;
    this.maxPerToken = settings.maxPerToken ?? DEFAULT_SESSIONS_PER_TOKEN;
    if (!(this.idleTtlMs > 0) || !Number.isInteger(this.maxPerToken) || this.maxPerToken < 1) {
      throw new RangeError('Sessions need a positive idle lifetime and a bound of at least one per token.');
    }
    this.sweep = setInterval(() => void this.sweepIdle(), Math.min(SWEEP_INTERVAL_MS, this.idleTtlMs));
    this.sweep.unref();
  }

  /** A new session's transport and server; the session exists once its `initialize` has been handled. */
  async open(tokenName: string, initialize: Record<string, unknown>): Promise<LiveSession> {
    const state: EventStoreSession = { muted: false };
    const transport = sessionTransport(
      {
        sessionIdGenerator: () => (state.id = newSessionId()),
        retryInterval: RECONNECT_AFTER_MS,
        onsessioninitialized: async (id) => {
          const { evicted } = await this.settings.queries.open({ id, tokenName, initialize, idleTtlMs: this.idleTtlMs, maxPerToken: this.maxPerToken });
          this.live.set(id, session);
          if (evicted > 0) this.log(`MCP session bound reached for token "${tokenName}": ended its ${evicted} oldest session(s).`);
        },
        onsessionclosed: (id) => this.forget(id),
      },
      databaseEventStore(this.settings.queries, state, this.idleTtlMs, this.log),
    );
    const session: LiveSession = { transport, server: this.serverFactory(tokenName), tokenName, lastRequestAt: Date.now() };
    await session.server.connect(transport);
    return session;
  }

  /**
   * The session `id` for a request carrying `tokenName`'s token, when the database knows it, unexpired and opened by
   * that name (each such request moves its expiry on); `undefined` otherwise, which the client hears as 404.
   */
  async find(id: string, tokenName: string): Promise<LiveSession | undefined> {
    if (!plausibleSessionId(id)) return undefined;
    const record = await this.settings.queries.touch(id, tokenName, this.idleTtlMs);
    const held = this.live.get(id);
    if (!record) {
      // Ended elsewhere (DELETE on another instance, expiry, the bound): let go of it here too.
      if (held) await this.release(id, held);
      return undefined;
    }
    if (held) {
      held.lastRequestAt = Date.now();
      return held;
    }
    let pending = this.rebuilding.get(id);
    if (!pending) {
      pending = this.rebuild(id, tokenName, record.initialize).finally(() => this.rebuilding.delete(id));
      this.rebuilding.set(id, pending);
    }
    return pending;
  }

  /**
   * A session opened by another instance (or before this one restarted), rebuilt from its record: a transport issuing
   * the same id, and a server told the client's `initialize` again through the transport itself, so both stand as
   * they did after the original one (negotiated version, client capabilities). Nothing of it is stored or sent.
   */
  private async rebuild(id: string, tokenName: string, initialize: Record<string, unknown>): Promise<LiveSession> {
    const state: EventStoreSession = { id, muted: true };
    const transport = sessionTransport(
      { sessionIdGenerator: () => id, retryInterval: RECONNECT_AFTER_MS, onsessionclosed: (closed) => this.forget(closed) },
      databaseEventStore(this.settings.queries, state, this.idleTtlMs, this.log),
    );
    const session: LiveSession = { transport, server: this.serverFactory(tokenName), tokenName, lastRequestAt: Date.now() };
    await session.server.connect(transport);
    const replayed = await transport.handleRequest(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: `rebuild-${randomBytes(8).toString('hex')}`, method: 'initialize', params: initialize }),
      }),
    );
    await replayed.text();
    state.muted = false;
    if (!replayed.ok || transport.sessionId !== id) {
      await session.server.close();
      throw new Error(`The session could not be rebuilt (HTTP ${replayed.status}).`);
    }
    this.live.set(id, session);
    return session;
  }

  /** DELETE: the transport answered and closed; the record and its events go. */
  private async forget(id: string): Promise<void> {
    const held = this.live.get(id);
    this.live.delete(id);
    await this.settings.queries.close(id);
    if (held) void held.server.close();
  }

  private async release(id: string, session: LiveSession): Promise<void> {
    this.live.delete(id);
    await session.server.close();
  }

  /**
   * Deletes expired sessions, and events older than their session's idle lifetime (any instance may: a stream not
   * resumed by then would not be), and lets go of the sessions idle here past their lifetime.
   */
  private async sweepIdle(): Promise<void> {
    const cutoff = Date.now() - this.idleTtlMs;
    for (const [id, session] of this.live) if (session.lastRequestAt < cutoff) await this.release(id, session).catch(() => undefined);
    try {
      await this.settings.queries.deleteExpired();
      await this.settings.queries.deleteStaleEvents();
    } catch (error) {
      this.log(`Could not delete expired MCP sessions: ${(error as Error).message}`);
    }
  }

  /** How many sessions this process holds (tests, the shutdown). */
  get size(): number {
    return this.live.size;
  }

  /** Shutdown: closes this process's transports; the sessions stay in the database for another instance. */
  async close(): Promise<void> {
    clearInterval(this.sweep);
    const held = [...this.live.entries()];
    this.live.clear();
    await Promise.allSettled(held.map(([, session]) => session.server.close()));
  }
}
