import 'server-only';
import { pino } from 'pino';
import type { PortalLogger } from '@washops/portal-api';

const globalKey = Symbol.for('washops.portal.logger');
type Holder = { [globalKey]?: PortalLogger };

/** The server log: JSON lines on stderr. Entries are redacted by their writers (see `logPortalError`). */
export function portalLogger(): PortalLogger {
  const holder = globalThis as Holder;
  holder[globalKey] ??= pino({ name: 'washops-portal', level: process.env['LOG_LEVEL'] ?? 'info' }, pino.destination(2));
  return holder[globalKey];
}
