import { z } from 'zod';

/** Environment variables the portal reads, with what each is for. */
export const portalEnvDocs = {
  WASHOPS_DEMO: 'set to 1 to run against the local simulators with the seeded demo tenant',
  BACKOFFICE_SUBDOMAIN: 'tenant subdomain of https://{subdomain}.sonnyscontrols.com',
  BACKOFFICE_USERNAME: 'BackOffice bot user name',
  BACKOFFICE_PASSWORD: 'BackOffice bot user password',
  DATA_API_ID: 'Data API id (X-Sonnys-API-ID)',
  DATA_API_KEY: 'Data API key (X-Sonnys-API-Key)',
} as const;

const tenantSchema = z.object({
  BACKOFFICE_SUBDOMAIN: z.string().regex(/^[a-z0-9-]+$/i, 'letters, digits and dashes only'),
  BACKOFFICE_USERNAME: z.string().min(1),
  BACKOFFICE_PASSWORD: z.string().min(1),
  DATA_API_ID: z.string().min(1),
  DATA_API_KEY: z.string().min(1),
});

export type PortalEnv =
  | { mode: 'demo' }
  | {
      mode: 'tenant';
      backoffice: { subdomain: string; username: string; password: string };
      transactions: { apiId: string; apiKey: string };
    };

/** Thrown at boot when the environment cannot run the portal; its message names what is missing. */
export class PortalEnvError extends Error {
  override readonly name = 'PortalEnvError';
}

/**
 * Reads the portal's configuration once, at boot. Missing tenant credentials fail here with a
 * message naming every missing variable, not at the first request.
 */
export function readPortalEnv(env: Record<string, string | undefined> = process.env): PortalEnv {
  if (env['WASHOPS_DEMO'] === '1' || env['WASHOPS_DEMO'] === 'true') return { mode: 'demo' };
  const parsed = tenantSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0]) as keyof typeof portalEnvDocs;
      const problem = env[key] === undefined || env[key] === '' ? 'missing' : issue.message;
      return `  ${key}: ${problem} (${portalEnvDocs[key]})`;
    });
    throw new PortalEnvError(
      `The portal needs tenant credentials, or WASHOPS_DEMO=1 for the simulators:\n${lines.join('\n')}`,
    );
  }
  const e = parsed.data;
  return {
    mode: 'tenant',
    backoffice: { subdomain: e.BACKOFFICE_SUBDOMAIN, username: e.BACKOFFICE_USERNAME, password: e.BACKOFFICE_PASSWORD },
    transactions: { apiId: e.DATA_API_ID, apiKey: e.DATA_API_KEY },
  };
}
