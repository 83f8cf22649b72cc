import { userInfo } from 'node:os';
import type { Actor } from '@washops/operations';

/**
 * Who the command line acts as in the audit log: the operating-system user running it, else `USER`,
 * else `unknown` (`userInfo()` throws for a user id the system has no entry for, as in some containers).
 */
export function cliActor(env: NodeJS.ProcessEnv, osUser: () => string = () => userInfo().username): Actor {
  let name: string | undefined;
  try {
    name = osUser();
  } catch {
    name = undefined;
  }
  return { channel: 'cli', name: name?.trim() || env['USER']?.trim() || 'unknown' };
}
