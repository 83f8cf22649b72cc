/** Runs once when the server starts: stamps each request with its peer address, then checks the configuration. */
export async function register(): Promise<void> {
  if (process.env['NEXT_RUNTIME'] === 'nodejs') {
    const { stampPeerAddresses } = await import('./server/peer-address');
    stampPeerAddresses();
    const { checkEnvAtBoot } = await import('./server/boot');
    checkEnvAtBoot();
  }
}
