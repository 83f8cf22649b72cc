/** The BackOffice simulator, composed: seeded state, the handlers' routes, the HTTP server and the control surface. */
import { systemClock, type Clock } from '@washops/clock';
import { createControl, type BackofficeSimulatorControl } from './control.js';
import { authRoutes } from './handlers/auth.js';
import { compensationRoutes } from './handlers/compensation.js';
import { dashboardRoutes } from './handlers/dashboard.js';
import { employeeRoutes } from './handlers/employees.js';
import { permissionRoutes } from './handlers/permissions.js';
import type { Route } from './handlers/replies.js';
import { userRoutes } from './handlers/users.js';
import { listen } from './http.js';
import { SimState, type SimSettings } from './state.js';
import { DEFAULT_EMPLOYEE_COUNT } from './tenant/seed.js';

export type { BackofficeSimulatorControl } from './control.js';
export type { BackofficeFault } from './faults.js';
export type { LoggedRequest } from './request-log.js';

export interface BackofficeSimulatorOptions {
  /** Default 0 (a free port); binds 127.0.0.1. */
  port?: number;
  /** Default 'demo'; the same seed gives the same tenant. */
  seed?: string;
  /** Sign-ins; default `[{ username: 'bot', password: 'bot-password' }]`. */
  users?: Array<{ username: string; password: string }>;
  /**
   * Where time comes from: session ages, the request log's times, the forms' "today", the latency and slow-fault waits.
   * Default `systemClock`; tests pin "today" with `clockFrom` or run a `VirtualClock`.
   */
  clock?: Clock;
  /** Default 1; scales the session lifetime (30 minutes idle at scale 1). */
  timeScale?: number;
  /** Default 0; added before every response. */
  latencyMs?: number;
  /** Default 'hierarchical'. */
  tenant?: 'hierarchical' | 'flat';
  /** Default 300. */
  employeeCount?: number;
}

export interface BackofficeSimulator {
  url: string;
  control: BackofficeSimulatorControl;
  close(): Promise<void>;
}

const ROUTES: readonly Route[] = [
  ...authRoutes,
  ...dashboardRoutes,
  ...employeeRoutes,
  ...compensationRoutes,
  ...permissionRoutes,
  ...userRoutes,
];

function settingsOf(options: BackofficeSimulatorOptions): SimSettings {
  const signIns = options.users && options.users.length > 0 ? options.users : [{ username: 'bot', password: 'bot-password' }];
  const settings: SimSettings = {
    seed: options.seed ?? 'demo',
    tenant: options.tenant ?? 'hierarchical',
    employeeCount: options.employeeCount ?? DEFAULT_EMPLOYEE_COUNT,
    signIns,
  };
  if (!Number.isInteger(settings.employeeCount) || settings.employeeCount < 0) throw new Error('employeeCount must be a whole number ≥ 0');
  if (settings.tenant !== 'hierarchical' && settings.tenant !== 'flat') throw new Error("tenant must be 'hierarchical' or 'flat'");
  for (const u of signIns) {
    if (typeof u.username !== 'string' || u.username === '' || typeof u.password !== 'string' || u.password === '') {
      throw new Error('every sign-in needs a non-empty username and password');
    }
  }
  return settings;
}

export async function startBackofficeSimulator(options: BackofficeSimulatorOptions = {}): Promise<BackofficeSimulator> {
  const timeScale = options.timeScale ?? 1;
  const latencyMs = options.latencyMs ?? 0;
  if (!(timeScale > 0)) throw new Error('timeScale must be > 0');
  if (!(latencyMs >= 0)) throw new Error('latencyMs must be ≥ 0');
  const sim = new SimState(settingsOf(options), { timeScale, latencyMs }, options.clock ?? systemClock);
  const server = await listen(sim, ROUTES, options.port ?? 0);
  return { url: `http://127.0.0.1:${server.port}`, control: createControl(sim), close: () => server.close() };
}
