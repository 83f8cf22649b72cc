import 'server-only';
import { pino, type Logger } from 'pino';

const globalKey = Symbol.for('washops.portal.logger');
type Holder = { [globalKey]?: Logger };

/** The server log: JSON lines on stderr. Entries are redacted by their writers (see `logPortalError`). */
export function portalLogger(): Logger {
  const holder = globalThis as Holder;
  holder[globalKey] ??= pino({ name: 'washops-portal', level: process.env['LOG_LEVEL'] ?? 'info' }, pino.destination(2));
  return holder[globalKey];
}
