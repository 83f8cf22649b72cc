import { rm } from 'node:fs/promises';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { connectEmbedded, type EmbeddedConnection } from '../src/embedded/connection.js';
import { freshDataDir } from './harness.js';

const opened: Array<{ connection: EmbeddedConnection; pools: pg.Pool[]; dataDir: string }> = [];

afterEach(async () => {
  for (const { connection, pools, dataDir } of opened.splice(0)) {
    await Promise.all(pools.map((pool) => pool.end()));
    await connection.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

describe('the embedded host keeps each client query whole', () => {
  it('parameterized queries from several pools at once each get their own answer', async () => {
    const dataDir = await freshDataDir();
    const connection = await connectEmbedded(dataDir);
    const target = connection.jobQueueTarget as pg.PoolConfig;
    // Two pools, as the app and the job queue have: their extended-protocol messages interleave on the socket.
    const pools = [new pg.Pool({ ...target, max: 4 }), new pg.Pool({ ...target, max: 4 })];
    opened.push({ connection, pools, dataDir });
    const queries = Array.from({ length: 240 }, (_, i) => {
      const pool = pools[i % 2] as pg.Pool;
      // Different parameter counts: a Bind meeting another client's Parse fails or answers wrongly.
      return i % 3 === 0
        ? pool.query<{ v: number }>('select $1::int + $2::int as v', [i, 1]).then((r) => [r.rows[0]?.v, i + 1])
        : i % 3 === 1
          ? pool.query<{ v: number }>('select $1::int + $2::int + $3::int as v', [i, 2, 3]).then((r) => [r.rows[0]?.v, i + 5])
          : pool.query<{ v: string }>('select $1::text as v', [`row ${i}`]).then((r) => [r.rows[0]?.v, `row ${i}`]);
    });
    // Transactions beside them: a BEGIN between another client's Parse and Bind would hand the turn over mid-query.
    const transactions = Array.from({ length: 40 }, async (_, i) => {
      const client = await (pools[i % 2] as pg.Pool).connect();
      try {
        await client.query('begin');
        const { rows } = await client.query<{ v: number }>('select $1::int * $2::int * $3::int * $4::int as v', [i, 2, 1, 1]);
        await client.query('commit');
        return [rows[0]?.v, i * 2];
      } finally {
        client.release();
      }
    });
    const answers = await Promise.all([...queries, ...transactions]);
    for (const [got, expected] of answers) expect(got).toBe(expected);
  }, 60_000);
});
