/**
 * The tenant's BackOffice as the environment names it: one reading of those variables for the MCP server and
 * the command line, so both accept the same settings and say the same things when some are missing.
 */

/** The variables, with what each is for (shown when some are missing). */
export const backofficeEnvDocs = {
  BACKOFFICE_SUBDOMAIN: 'tenant subdomain of https://{subdomain}.sonnyscontrols.com (Back Office tools)',
  BACKOFFICE_USERNAME: 'BackOffice bot user name',
  BACKOFFICE_PASSWORD: 'BackOffice bot user password',
  BACKOFFICE_BASE_URL: 'optional: where that BackOffice answers instead of https://{subdomain}.sonnyscontrols.com (a proxy, a simulator)',
} as const;

/** The three a tenant needs; the base URL is optional. */
export const REQUIRED_BACKOFFICE_VARIABLES = ['BACKOFFICE_SUBDOMAIN', 'BACKOFFICE_USERNAME', 'BACKOFFICE_PASSWORD'] as const;

export interface BackofficeCredentials {
  subdomain: string;
  username: string;
  password: string;
  /** Set only when `BACKOFFICE_BASE_URL` is. */
  baseUrl?: string;
}

/** The simulators' demo sign-in (`--demo`); it guards nothing real. */
export const DEMO_BACKOFFICE_CREDENTIALS = { subdomain: 'demo', username: 'bot', password: 'bot-password' } as const;

function nonEmpty(env: Readonly<Record<string, string | undefined>>, key: string): string | undefined {
  const value = env[key]?.trim();
  return value ? value : undefined;
}

/** The required variables that are unset or blank, in their documented order. */
export function missingBackofficeVariables(env: Readonly<Record<string, string | undefined>>): string[] {
  return REQUIRED_BACKOFFICE_VARIABLES.filter((key) => nonEmpty(env, key) === undefined);
}

/** The tenant's BackOffice sign-in, or undefined unless all three required variables are set (blank counts as unset). */
export function readBackofficeEnvironment(env: Readonly<Record<string, string | undefined>>): BackofficeCredentials | undefined {
  const [subdomain, username, password] = REQUIRED_BACKOFFICE_VARIABLES.map((key) => nonEmpty(env, key));
  if (!subdomain || !username || !password) return undefined;
  const baseUrl = nonEmpty(env, 'BACKOFFICE_BASE_URL');
  return { subdomain, username, password, ...(baseUrl ? { baseUrl } : {}) };
}

/** `  NAME: what it is for` lines for the variables named, for a message that says what to set. */
export function describeBackofficeVariables(names: readonly string[]): string {
  return names.map((name) => `  ${name}: ${backofficeEnvDocs[name as keyof typeof backofficeEnvDocs] ?? ''}`).join('\n');
}
