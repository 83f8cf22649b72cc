import { startBackofficeSimulator } from '@washops/backoffice-simulator';
import {
  connectBackoffice,
  DEMO_BACKOFFICE_CREDENTIALS,
  describeBackofficeVariables,
  missingBackofficeVariables,
  readBackofficeEnvironment,
  type BackofficeConnection,
} from '@washops/operations';
import { type CliIo, UnusableInput } from './io.js';

/** The BackOffice a command works on, and how to let go of it. */
export interface Tenant {
  backoffice: BackofficeConnection;
  /** What it is, for one line on stderr (no secrets). */
  description: string;
  close(): Promise<void>;
}

/**
 * The tenant from the environment (the MCP server's variables), or with `demo` a BackOffice simulator started in
 * this process with the demo tenant, as the MCP server's `--demo` does.
 */
export async function connectTenant(io: CliIo, demo: boolean): Promise<Tenant> {
  if (demo) {
    const { username, password } = DEMO_BACKOFFICE_CREDENTIALS;
    const simulator = await startBackofficeSimulator({ port: 0, seed: 'demo', users: [{ username, password }] });
    const backoffice = connectBackoffice({ ...DEMO_BACKOFFICE_CREDENTIALS, baseUrl: simulator.url });
    return {
      backoffice,
      description: `the demo BackOffice simulator at ${simulator.url}`,
      close: async () => {
        await backoffice.close();
        await simulator.close();
      },
    };
  }
  const credentials = readBackofficeEnvironment(io.env);
  if (!credentials) {
    throw new UnusableInput(
      `The tenant's BackOffice is not configured. Set these variables, or add --demo to use the simulator:\n${describeBackofficeVariables(missingBackofficeVariables(io.env))}`,
    );
  }
  const backoffice = connectBackoffice(credentials);
  return {
    backoffice,
    description: `the BackOffice of tenant "${credentials.subdomain}"${credentials.baseUrl ? ` at ${credentials.baseUrl}` : ''}`,
    close: () => backoffice.close(),
  };
}
