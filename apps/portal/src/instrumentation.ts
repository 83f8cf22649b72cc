/** Checks the configuration when the server starts, so missing credentials stop it with a clear message. */
export async function register(): Promise<void> {
  if (process.env['NEXT_RUNTIME'] === 'nodejs') {
    const { checkEnvAtBoot } = await import('./server/boot');
    checkEnvAtBoot();
  }
}
