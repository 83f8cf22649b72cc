import type { AuditChannel } from '@washops/store';

/** Who makes a write. portal: the username; mcp: the HTTP token's configured name or 'stdio'; cli: the OS user. */
export interface Actor {
  channel: AuditChannel;
  name: string;
}
