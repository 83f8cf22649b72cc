import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A new PGlite cluster, in memory or in an empty data folder. PGlite's initdb costs about two CPU-seconds (ten on a
 * busy machine); loading its output costs a quarter of that. So the first new cluster a user makes runs initdb and
 * its files are kept as a tarball in that user's own temporary folder, per PGlite version, and every new cluster
 * after it loads them. A copy that cannot be used is ignored (and a broken one removed): initdb runs as before.
 */
export function createPglite(dataDir?: string): Promise<PGlite> {
  userCache ??= new EmptyClusterCache(join(tmpdir(), `washops-${process.getuid?.() ?? 'user'}`, `pglite-${pgliteVersion()}-empty-cluster.tar`));
  return userCache.create(dataDir);
}

/** The version of PGlite installed, which the kept cluster's name carries (another version's files may differ). */
export function pgliteVersion(): string {
  const manifest = join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** This process's view of the user's kept cluster: read once, then shared (it never changes once written). */
let userCache: EmptyClusterCache | undefined;

/** New clusters made from the tarball in `file`, which the first in-memory cluster made by initdb writes. */
export class EmptyClusterCache {
  #kept: Promise<Blob | undefined> | undefined;

  constructor(readonly file: string) {}

  async create(dataDir?: string): Promise<PGlite> {
    if (dataDir && (await hasFiles(dataDir))) return PGlite.create({ dataDir });
    const tarball = await (this.#kept ??= this.#read());
    if (tarball) {
      try {
        return await PGlite.create({ ...(dataDir ? { dataDir } : {}), loadDataDir: tarball });
      } catch {
        this.#kept = Promise.resolve(undefined);
        await rm(this.file, { force: true }).catch(() => undefined);
        if (dataDir) await emptyFolder(dataDir);
      }
    }
    const client = await PGlite.create(dataDir ? { dataDir } : {});
    if (!dataDir) await (this.#kept = this.#keep(client));
    return client;
  }

  /** The kept tarball, or nothing when there is none (or its folder is not the user's own). */
  async #read(): Promise<Blob | undefined> {
    if (!(await ownFolder(dirname(this.file)))) return undefined;
    return readFile(this.file).then(
      (bytes) => new Blob([bytes]),
      () => undefined,
    );
  }

  /** Dumps a cluster fresh from initdb (nothing written to it yet) and keeps it; a failure leaves nothing kept. */
  async #keep(client: PGlite): Promise<Blob | undefined> {
    try {
      const tarball = await client.dumpDataDir('none');
      await mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
      if (await ownFolder(dirname(this.file))) {
        // Written beside, then renamed: a reader sees the whole file or none.
        const partial = `${this.file}.${process.pid}.partial`;
        await writeFile(partial, new Uint8Array(await tarball.arrayBuffer()), { mode: 0o600 });
        await rename(partial, this.file);
      }
      return tarball;
    } catch {
      return undefined;
    }
  }
}

/** A folder only this user can write to: another user's files are never loaded into a database. */
async function ownFolder(folder: string): Promise<boolean> {
  try {
    const info = await stat(folder);
    const uid = process.getuid?.();
    return info.isDirectory() && (uid === undefined || (info.uid === uid && (info.mode & 0o022) === 0));
  } catch {
    return false;
  }
}

async function hasFiles(folder: string): Promise<boolean> {
  return (await readdir(folder).catch(() => [])).length > 0;
}

/** A data folder a failed load left half-filled goes back to empty (it was empty before the load). */
async function emptyFolder(folder: string): Promise<void> {
  for (const entry of await readdir(folder).catch(() => [])) await rm(join(folder, entry), { recursive: true, force: true });
}
