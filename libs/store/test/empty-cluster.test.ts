import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { EmptyClusterCache } from '../src/embedded/empty-cluster.js';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function scratch(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'washops-cluster-'));
  folders.push(folder);
  return folder;
}

/** A kept-cluster file in a folder of its own, as the user's temporary folder holds it. */
async function keptFile(mode = 0o700): Promise<string> {
  const folder = join(await scratch(), 'kept');
  await mkdir(folder, { mode });
  await chmod(folder, mode);
  return join(folder, 'empty-cluster.tar');
}

const tables = async (pg: PGlite) => (await pg.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' order by 1")).rows.map((r) => r.name);

describe('new PGlite clusters from a kept empty one', () => {
  it('the first in-memory cluster keeps its empty files (owner-only); the next loads them: empty, and a working database', async () => {
    const file = await keptFile();
    const first = await new EmptyClusterCache(file).create();
    await first.exec('create table written_after (id int)');
    await first.close();
    expect(((await stat(file)).mode & 0o777).toString(8)).toBe('600');

    // Another process: its own view of the same file.
    const next = await new EmptyClusterCache(file).create();
    expect(await tables(next)).toEqual([]);
    await next.exec("create table t (id int primary key, name text); insert into t values (1, 'one')");
    expect((await next.query('select name from t')).rows).toEqual([{ name: 'one' }]);
    await next.close();
  });

  it('an empty data folder is filled from the kept cluster and holds its rows after a restart', async () => {
    const cache = new EmptyClusterCache(await keptFile());
    await (await cache.create()).close();
    const dataDir = join(await scratch(), 'pglite');
    await mkdir(dataDir);
    const pg = await cache.create(dataDir);
    await pg.exec("create table t (id int); insert into t values (7)");
    await pg.close();
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);

    const reopened = await cache.create(dataDir);
    expect((await reopened.query('select id from t')).rows).toEqual([{ id: 7 }]);
    await reopened.close();
  });

  it('a kept file that is not a cluster is replaced: the database is made by initdb and works, in memory and in a folder', async () => {
    const file = await keptFile();
    await writeFile(file, 'not a tarball at all', { mode: 0o600 });
    const inMemory = await new EmptyClusterCache(file).create();
    expect(await tables(inMemory)).toEqual([]);
    await inMemory.close();

    await writeFile(file, 'not a tarball at all', { mode: 0o600 });
    const dataDir = join(await scratch(), 'pglite');
    await mkdir(dataDir);
    const inFolder = await new EmptyClusterCache(file).create(dataDir);
    await inFolder.exec('create table t (id int)');
    expect(await tables(inFolder)).toEqual(['t']);
    await inFolder.close();
    expect(existsSync(file)).toBe(false);
  });

  it("a kept file in a folder others can write to is never loaded; in the user's own folder it is", async () => {
    // A tarball with a table in it stands for files someone else put there.
    const planted = await PGlite.create();
    await planted.exec('create table planted (id int)');
    const tarball = new Uint8Array(await (await planted.dumpDataDir('none')).arrayBuffer());
    await planted.close();

    const shared = await keptFile(0o777);
    await writeFile(shared, tarball);
    const fromShared = await new EmptyClusterCache(shared).create();
    expect(await tables(fromShared)).toEqual([]);
    await fromShared.close();

    const own = await keptFile(0o700);
    await writeFile(own, tarball, { mode: 0o600 });
    const fromOwn = await new EmptyClusterCache(own).create();
    expect(await tables(fromOwn)).toEqual(['planted']);
    await fromOwn.close();
  });
});
