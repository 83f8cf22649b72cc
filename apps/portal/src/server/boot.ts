import { PortalEnvError, readPortalEnv } from '../env';

/** Prints what the portal runs against, or why it cannot start, and stops the process then. */
export function checkEnvAtBoot(): void {
  try {
    const env = readPortalEnv();
    console.info(
      env.mode === 'demo'
        ? `WashOps portal: demo mode (BackOffice simulator ${env.backoffice.baseUrl}, Data API simulator ${env.transactions.baseUrl})`
        : `WashOps portal: tenant "${env.backoffice.subdomain}"`,
    );
  } catch (error) {
    if (!(error instanceof PortalEnvError)) throw error;
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
}
