/**
 * Runs once when the server starts: stamps each request with its peer address, then checks the
 * configuration and opens the database, stopping the process with the reason when either fails.
 */
export async function register(): Promise<void> {
  if (process.env['NEXT_RUNTIME'] === 'nodejs') {
    const { stampPeerAddresses } = await import('./server/peer-address');
    stampPeerAddresses();
    const { startAtBoot } = await import('./server/boot');
    await startAtBoot();
  }
}
