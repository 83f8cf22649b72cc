import { WashOpsError } from '@washops/shared-errors';
import { PortalEnvError, readPortalEnv } from '../env';
import { getPortalDeps } from './deps';

/** Says why the portal cannot start and ends the process (tests pass their own). */
export type StopBoot = (message: string) => never;

const stopProcess: StopBoot = (message) => {
  console.error(`\n${message}\n`);
  process.exit(1);
};

/**
 * Prints what the portal runs against and opens its database, or says why it cannot start and
 * stops the process: bad settings, a database it cannot reach (naming DATABASE_URL), a schema
 * newer than this release, no active admin.
 */
export async function startAtBoot(stop: StopBoot = stopProcess): Promise<void> {
  let env;
  try {
    env = readPortalEnv();
  } catch (error) {
    if (error instanceof PortalEnvError) stop(error.message);
    throw error;
  }
  console.info(
    env.mode === 'demo'
      ? `WashOps portal: demo mode (BackOffice simulator ${env.backoffice.baseUrl}, Data API simulator ${env.transactions.baseUrl})`
      : `WashOps portal: tenant "${env.backoffice.subdomain}"`,
  );
  if (process.env['PORTAL_SESSION_SECRET']) {
    console.info('WashOps portal: PORTAL_SESSION_SECRET is no longer used (sessions live in the database); it can be removed.');
  }
  try {
    const { store } = await getPortalDeps();
    console.info(`WashOps portal: data in ${store.location}`);
  } catch (error) {
    if (error instanceof WashOpsError) stop(`The portal cannot start: ${error.message}`);
    throw error;
  }
}
