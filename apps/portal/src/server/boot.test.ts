import { NoActiveAdminError } from '@washops/portal-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAtBoot } from './boot';
import { getPortalDeps } from './deps';

// The store itself is tested in @washops/store; here, what boot makes of what opening it throws.
// Loaded the way the app loads it (lazily), so the app's module boundary holds in its tests too.
const { SchemaTooNewError, StoreUnavailableError } = await import('@washops/store');
vi.mock('./deps', () => ({ getPortalDeps: vi.fn() }));

class Stopped extends Error {}

/** A stop that records the message and ends `startAtBoot` as `process.exit` would. */
function recordingStop() {
  const messages: string[] = [];
  const stop = (message: string): never => {
    messages.push(message);
    throw new Stopped(message);
  };
  return { messages, stop };
}

beforeEach(() => {
  vi.mocked(getPortalDeps).mockReset();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.stubEnv('WASHOPS_DEMO', '1');
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('startAtBoot', () => {
  it.each([
    ['an unreachable database', new StoreUnavailableError('Cannot use the database named by DATABASE_URL (postgres://washops@db:5432/washops): connect ECONNREFUSED')],
    ['a schema newer than this release', new SchemaTooNewError('The database schema is newer than this version of WashOps: it has 3 migrations, this code knows 1.')],
    ['no active admin', new NoActiveAdminError('The portal’s database has no active admin. Make one with `npm run users -- add <name> --role admin`.')],
  ])('stops the process with the message of %s', async (_what, error) => {
    vi.mocked(getPortalDeps).mockRejectedValueOnce(error);
    const { messages, stop } = recordingStop();
    await expect(startAtBoot(stop)).rejects.toBeInstanceOf(Stopped);
    expect(messages).toEqual([`The portal cannot start: ${error.message}`]);
  });

  it('stops on settings it cannot use before touching the database', async () => {
    vi.stubEnv('WASHOPS_DEMO', '');
    const { messages, stop } = recordingStop();
    await expect(startAtBoot(stop)).rejects.toBeInstanceOf(Stopped);
    expect(messages[0]).toMatch(/BACKOFFICE_SUBDOMAIN: missing/);
    expect(getPortalDeps).not.toHaveBeenCalled();
  });

  it('opens the database at boot, says where the data is, and that a retired PORTAL_SESSION_SECRET can go', async () => {
    vi.stubEnv('PORTAL_SESSION_SECRET', 'an-old-secret-that-is-no-longer-read');
    vi.mocked(getPortalDeps).mockResolvedValueOnce({ store: { location: 'PGlite in /srv/washops/.washops' } } as never);
    const { messages, stop } = recordingStop();
    await startAtBoot(stop);
    expect(messages).toEqual([]);
    const lines = vi.mocked(console.info).mock.calls.map(([line]) => String(line));
    expect(lines).toContain('WashOps portal: data in PGlite in /srv/washops/.washops');
    expect(lines.some((line) => line.includes('PORTAL_SESSION_SECRET is no longer used'))).toBe(true);
    expect(lines.join('\n')).not.toContain('an-old-secret');
  });
});
