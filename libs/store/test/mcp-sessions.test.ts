import { expect, it } from 'vitest';
import { describeEachBackend, useStoreAndSql } from './harness.js';

// The MCP server's HTTP sessions: token-bound, idle-expiring, bounded per token name, with their streams' events.

const INIT = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1' } };
const HOUR = 3_600_000;
const T0 = new Date('2026-11-28T12:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
const open = (id: string, at = T0, tokenName = 'http', maxPerToken = 3) => ({ id, tokenName, initialize: INIT, idleTtlMs: HOUR, maxPerToken, at });

describeEachBackend('MCP sessions', (backend) => {
  const { store, exec } = useStoreAndSql(backend);

  it('a session is found by its id and token name only, until it has been idle for its lifetime', async () => {
    expect(await store().mcpSessions.open(open('session-a'))).toEqual({ evicted: 0 });
    const found = await store().mcpSessions.touch('session-a', 'http', HOUR, later(HOUR - 1));
    expect(found).toMatchObject({ tokenName: 'http', initialize: INIT, createdAt: T0, lastSeenAt: later(HOUR - 1), expiresAt: later(2 * HOUR - 1) });
    expect(await store().mcpSessions.touch('session-a', 'nightly-sync', HOUR, later(HOUR))).toBeUndefined();
    expect(await store().mcpSessions.touch('session-b', 'http', HOUR, later(HOUR))).toBeUndefined();
    // Each request moved the expiry on; an hour without one ends it.
    expect(await store().mcpSessions.touch('session-a', 'http', HOUR, later(2 * HOUR - 2))).toBeDefined();
    expect(await store().mcpSessions.touch('session-a', 'http', HOUR, later(3 * HOUR - 2))).toBeUndefined();
    expect(await store().mcpSessions.deleteExpired(later(3 * HOUR))).toBe(1);
  });

  it('keeps the id only as a hash', async () => {
    await store().mcpSessions.open(open('d0c5-secret-session-id'));
    const rows = (await exec('select id_hash, token_name from mcp_sessions')) as { rows: { id_hash: string }[] };
    expect(JSON.stringify(rows.rows)).not.toContain('d0c5-secret-session-id');
    expect(rows.rows[0]?.id_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('past the bound per token name, the oldest sessions of that name end; other names keep theirs', async () => {
    await store().mcpSessions.open(open('other', T0, 'nightly-sync'));
    for (let i = 0; i < 3; i += 1) expect(await store().mcpSessions.open(open(`s${i}`, later(i)))).toEqual({ evicted: 0 });
    expect(await store().mcpSessions.open(open('s3', later(3)))).toEqual({ evicted: 1 });
    const alive = async (id: string, name = 'http') => (await store().mcpSessions.touch(id, name, HOUR, later(10))) !== undefined;
    expect([await alive('s0'), await alive('s1'), await alive('s2'), await alive('s3'), await alive('other', 'nightly-sync')]).toEqual([false, true, true, true, true]);
  });

  it('many sessions opened at once under one name never leave more than the bound', async () => {
    await Promise.all(Array.from({ length: 8 }, (_, i) => store().mcpSessions.open(open(`c${i}`, T0))));
    const rows = (await exec("select count(*)::int as n from mcp_sessions where token_name = 'http'")) as { rows: { n: number }[] };
    expect(rows.rows[0]?.n).toBe(3);
  });

  it('replays a stream after an event id, only within the session that stored it; closing drops the events', async () => {
    await store().mcpSessions.open(open('s1'));
    await store().mcpSessions.open(open('s2'));
    const priming = await store().mcpSessions.appendEvent('s1', 'stream-1', {});
    const first = await store().mcpSessions.appendEvent('s1', 'stream-1', { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } });
    await store().mcpSessions.appendEvent('s1', 'stream-other', { jsonrpc: '2.0', method: 'x' });
    const result = await store().mcpSessions.appendEvent('s1', 'stream-1', { jsonrpc: '2.0', id: 1, result: {} });
    expect(Number(result)).toBeGreaterThan(Number(first));

    expect(await store().mcpSessions.streamOfEvent('s1', first)).toBe('stream-1');
    expect(await store().mcpSessions.eventsAfter('s1', priming)).toEqual({
      streamId: 'stream-1',
      events: [
        { eventId: first, message: { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } } },
        { eventId: result, message: { jsonrpc: '2.0', id: 1, result: {} } },
      ],
    });
    expect((await store().mcpSessions.eventsAfter('s1', first))?.events.map((e) => e.eventId)).toEqual([result]);
    // Another session's event ids, and anything that is not one, name nothing.
    expect(await store().mcpSessions.eventsAfter('s2', first)).toBeUndefined();
    for (const bad of ['', '0', '-1', 'abc', '1e3', '99999999999999999999', "1' or '1'='1"]) {
      expect(await store().mcpSessions.streamOfEvent('s1', bad)).toBeUndefined();
    }

    expect(await store().mcpSessions.close('s1')).toBe(true);
    expect(await store().mcpSessions.close('s1')).toBe(false);
    const left = (await exec('select count(*)::int as n from mcp_session_events')) as { rows: { n: number }[] };
    expect(left.rows[0]?.n).toBe(0);
  });

  it("drops the events older than their own session's idle lifetime, and only those", async () => {
    const now = new Date();
    await store().mcpSessions.open(open('hourly', now));
    await store().mcpSessions.open({ ...open('daily', now), idleTtlMs: 24 * HOUR });
    const old = await store().mcpSessions.appendEvent('hourly', 'old', {});
    const oldButKept = await store().mcpSessions.appendEvent('daily', 'old', {});
    await exec("update mcp_session_events set created_at = now() - interval '2 hours'");
    const recent = await store().mcpSessions.appendEvent('hourly', 'new', {});
    expect(await store().mcpSessions.deleteStaleEvents(now)).toBe(1);
    expect(await store().mcpSessions.streamOfEvent('hourly', old)).toBeUndefined();
    expect(await store().mcpSessions.streamOfEvent('hourly', recent)).toBe('new');
    expect(await store().mcpSessions.streamOfEvent('daily', oldButKept)).toBe('old');
  });

  it('refuses a lifetime or bound that is not positive', async () => {
    await expect(store().mcpSessions.open({ ...open('x'), idleTtlMs: 0 })).rejects.toThrow(/idleTtlMs/);
    await expect(store().mcpSessions.open({ ...open('x'), maxPerToken: 0 })).rejects.toThrow(/maxPerToken/);
  });
});
