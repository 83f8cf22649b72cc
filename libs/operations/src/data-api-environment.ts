/**
 * The Data API as the environment names it: one reading of those variables for the command line and the MCP server
 * (the portal's names), so both accept the same settings and say the same things when some are missing or wrong.
 */
import { ValidationError } from '@washops/shared-errors';
import { SANDBOX_BASE_URL } from '@washops/transactions-client';
import type { DataApiAccess } from './warehouse/types.js';

/** The variables, with what each is for (shown when some are missing or wrong). */
export const dataApiEnvDocs = {
  DATA_API_ID: 'Data API id, X-Sonnys-API-ID',
  DATA_API_KEY: 'Data API key, X-Sonnys-API-Key',
  DATA_API_ENVIRONMENT: 'optional: production (default) or sandbox',
  DATA_API_BASE_URL: 'optional: where that Data API answers instead of the vendor (a proxy, a simulator); overrides DATA_API_ENVIRONMENT',
  DATA_API_TIME_SCALE: "optional: the simulator's --time-scale (default 1), which scales the 15 s rate window and the job poll alike",
} as const;

export const REQUIRED_DATA_API_VARIABLES = ['DATA_API_ID', 'DATA_API_KEY'] as const;

/** The Data API simulator's demo credential (`--demo`, the simulator's defaults); it guards nothing real. */
export const DEMO_DATA_API_CREDENTIALS = { apiId: 'demo', apiKey: 'demo-key' } as const;

/** Where `npm start` runs the Data API simulator (the portal's demo default too). */
export const DEMO_DATA_API_BASE_URL = 'http://127.0.0.1:4020/v1';

type Env = Readonly<Record<string, string | undefined>>;

function nonEmpty(env: Env, key: string): string | undefined {
  const value = env[key]?.trim();
  return value ? value : undefined;
}

/** `  NAME: what it is for` lines for the variables named. */
export function describeDataApiVariables(names: readonly string[]): string {
  return names.map((name) => `  ${name}: ${dataApiEnvDocs[name as keyof typeof dataApiEnvDocs] ?? ''}`).join('\n');
}

/** The required variables that are unset or blank, in their documented order. */
export function missingDataApiVariables(env: Env): string[] {
  return REQUIRED_DATA_API_VARIABLES.filter((key) => nonEmpty(env, key) === undefined);
}

/** The optional settings every reading shares: where the API answers and how its time is scaled. Messages never show a value. */
function optionalSettings(env: Env): Pick<DataApiAccess, 'baseUrl' | 'timeScale'> {
  const problems: string[] = [];
  const environment = nonEmpty(env, 'DATA_API_ENVIRONMENT') ?? 'production';
  if (environment !== 'production' && environment !== 'sandbox') problems.push('DATA_API_ENVIRONMENT must be production or sandbox');
  let baseUrl = nonEmpty(env, 'DATA_API_BASE_URL');
  if (baseUrl !== undefined && !(URL.canParse(baseUrl) && /^https?:$/.test(new URL(baseUrl).protocol))) problems.push('DATA_API_BASE_URL must be an http(s) URL');
  const scaleText = nonEmpty(env, 'DATA_API_TIME_SCALE');
  const timeScale = scaleText === undefined ? undefined : Number(scaleText);
  if (timeScale !== undefined && !(Number.isFinite(timeScale) && timeScale > 0 && timeScale <= 1)) {
    problems.push('DATA_API_TIME_SCALE must be a number above 0 and at most 1');
  }
  if (problems.length > 0) {
    throw new ValidationError(`The Data API settings are invalid: ${problems.join('; ')}.`, { details: { variables: problems.map((p) => p.split(' ')[0]) } });
  }
  if (baseUrl === undefined && environment === 'sandbox') baseUrl = SANDBOX_BASE_URL;
  return { ...(baseUrl === undefined ? {} : { baseUrl }), ...(timeScale === undefined ? {} : { timeScale }) };
}

/**
 * The Data API from the environment, or `undefined` when neither the id nor the key is set (the area is simply not
 * configured). Half a credential, or a setting that cannot be used, is a `ValidationError` naming the variables.
 */
export function readDataApiEnvironment(env: Env): DataApiAccess | undefined {
  const apiId = nonEmpty(env, 'DATA_API_ID');
  const apiKey = nonEmpty(env, 'DATA_API_KEY');
  if (!apiId && !apiKey) return undefined;
  if (!apiId || !apiKey) {
    const missing = missingDataApiVariables(env);
    throw new ValidationError(`The Data API is half configured. Set these variables too:\n${describeDataApiVariables(missing)}`, { details: { missing } });
  }
  return { apiId, apiKey, ...optionalSettings(env) };
}

/**
 * The Data API a command needs: the environment's, or with `demo` the simulator's demo credential at
 * `DATA_API_BASE_URL` (default where `npm start` runs the simulator). Nothing set and no demo: a `ValidationError`
 * naming what to set.
 */
export function requireDataApiEnvironment(env: Env, options: { demo?: boolean } = {}): DataApiAccess {
  if (options.demo) {
    const settings = optionalSettings({ DATA_API_BASE_URL: env['DATA_API_BASE_URL'], DATA_API_TIME_SCALE: env['DATA_API_TIME_SCALE'] });
    return { ...DEMO_DATA_API_CREDENTIALS, baseUrl: DEMO_DATA_API_BASE_URL, ...settings };
  }
  const access = readDataApiEnvironment(env);
  if (access) return access;
  const missing = missingDataApiVariables(env);
  throw new ValidationError(`The Data API is not configured. Set these variables, or add --demo to use the simulator:\n${describeDataApiVariables(missing)}`, {
    details: { missing },
  });
}
