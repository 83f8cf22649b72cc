import { Server, type IncomingMessage } from 'node:http';
import { PEER_ADDRESS_HEADER } from '@washops/portal-api';

const stampedKey = Symbol.for('washops.portal.peer-address-stamped');

/**
 * Next.js hands route handlers a Fetch `Request` without the socket, and keeps a client's own
 * `X-Forwarded-For` when there is one, so the TCP peer's address would be lost. This sets
 * `PEER_ADDRESS_HEADER` on every request an HTTP server of this process receives, overwriting
 * whatever a client sent under that name. Idempotent.
 */
export function stampPeerAddresses(): void {
  const proto = Server.prototype as Server & { [stampedKey]?: boolean };
  if (proto[stampedKey]) return;
  proto[stampedKey] = true;
  const emit = proto.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  proto.emit = function emitWithPeerAddress(this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'request') {
      const request = args[0] as IncomingMessage;
      request.headers[PEER_ADDRESS_HEADER] = request.socket?.remoteAddress ?? 'unknown';
    }
    return emit.call(this, event, ...args);
  } as typeof proto.emit;
}

