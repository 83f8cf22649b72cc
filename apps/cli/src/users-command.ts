import { Argument, type Command, InvalidArgumentError, Option } from 'commander';
import { DuplicateError, NotFoundError } from '@washops/shared-errors';
import { hashPassword, portalRoleSchema, portalUsernameSchema } from '@washops/portal-api/accounts';
import { Operations, type ActorOperations } from '@washops/operations';
import type { PortalRole, Store } from '@washops/store';
import { cliActor } from './actor.js';
import { sessionsEnded, usersTable } from './format.js';
import type { CliIo } from './io.js';
import { readNewPassword, type NewPassword } from './password-input.js';
import { withStore } from './with-store.js';

/** Commander argument parsers from the portal's own rules, so a bad value is a usage error with the rule's message. */
function byRule(schema: typeof portalUsernameSchema | typeof portalRoleSchema) {
  return (value: string): string => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    throw new InvalidArgumentError(result.error.issues[0]?.message ?? 'Not allowed.');
  };
}

const username = () => new Argument('<name>', 'the portal username').argParser(byRule(portalUsernameSchema));
const generateOption = () => new Option('--generate', 'make a random password and print it once, instead of asking for one');

/** Asks for the password only once the user is known to exist (or not to), so no one types it in vain. */
async function passwordFor(io: CliIo, options: { generate?: boolean }): Promise<NewPassword & { hash: string }> {
  const chosen = await readNewPassword(io, { generate: options.generate === true });
  return { ...chosen, hash: await hashPassword(chosen.password) };
}

/** The portal-user writes as this command line's user, so each lands in the audit log (channel `cli`). */
function operationsOn(store: Store, io: CliIo): ActorOperations {
  return new Operations({ store }).as(cliActor(io.env));
}

function printGenerated(io: CliIo, chosen: NewPassword): void {
  if (chosen.generated) io.stdout.write(`Generated password (shown only this once): ${chosen.password}\n`);
}

/**
 * `washops users …`: the portal's accounts, for the first admin and for when no admin can sign in.
 * Added with `parent.command()` so it and its subcommands inherit the parent's output and exit override.
 */
export function addUsersCommand(parent: Command, io: CliIo): Command {
  const users = parent
    .command('users')
    .description('manage the portal’s users (in DATABASE_URL, else the data folder)')
    .option('--data-dir <path>', 'the data folder when DATABASE_URL is not set (default: WASHOPS_DATA_DIR, else .washops/ at the repo root)');
  const dataDir = () => users.opts<{ dataDir?: string }>().dataDir;

  users
    .command('add')
    .description('add a user; the password is asked for twice (or read as one line from a pipe)')
    .addArgument(username())
    .addOption(new Option('--role <role>', 'admin or viewer').argParser(byRule(portalRoleSchema)).makeOptionMandatory())
    .addOption(generateOption())
    .action(async (name: string, options: { role: PortalRole; generate?: boolean }) =>
      withStore(io, dataDir(), async (store) => {
        if (await store.users.find(name)) throw new DuplicateError(`A portal user named "${name}" already exists.`);
        const chosen = await passwordFor(io, options);
        await operationsOn(store, io).addPortalUser({ username: name, role: options.role, passwordHash: chosen.hash, passwordGenerated: chosen.generated });
        io.stdout.write(`Added "${name}" (${options.role}).\n`);
        printGenerated(io, chosen);
      }),
    );

  users
    .command('list')
    .description('list the users: role, active or disabled, last sign-in')
    .action(async () =>
      withStore(io, dataDir(), async (store) => {
        const all = await store.users.list();
        if (all.length === 0) io.stdout.write(`No portal users in ${store.location} yet. Add the first admin: npm run users -- add <name> --role admin\n`);
        else io.stdout.write(`${usersTable(all)}\n`);
      }),
    );

  users
    .command('set-role')
    .description('change a user’s role and sign them out everywhere (the last active admin stays an admin)')
    .addArgument(username())
    .addArgument(new Argument('<role>', 'admin or viewer').argParser(byRule(portalRoleSchema)))
    .action(async (name: string, role: PortalRole) =>
      withStore(io, dataDir(), async (store) => {
        const change = await operationsOn(store, io).setPortalUserRole(name, role);
        io.stdout.write(`"${name}" is now ${role === 'admin' ? 'an admin' : 'a viewer'}${sessionsEnded(change.sessionsEnded)}.\n`);
      }),
    );

  users
    .command('reset-password')
    .description('set a new password and sign the user out everywhere')
    .addArgument(username())
    .addOption(generateOption())
    .action(async (name: string, options: { generate?: boolean }) =>
      withStore(io, dataDir(), async (store) => {
        if (!(await store.users.find(name))) throw new NotFoundError(`No portal user named "${name}".`);
        const chosen = await passwordFor(io, options);
        const change = await operationsOn(store, io).resetPortalUserPassword(name, { passwordHash: chosen.hash, passwordGenerated: chosen.generated });
        io.stdout.write(`New password set for "${name}"${sessionsEnded(change.sessionsEnded)}.\n`);
        printGenerated(io, chosen);
      }),
    );

  users
    .command('disable')
    .description('stop a user signing in and sign them out everywhere (not the last active admin)')
    .addArgument(username())
    .action(async (name: string) =>
      withStore(io, dataDir(), async (store) => {
        const change = await operationsOn(store, io).disablePortalUser(name);
        io.stdout.write(`Disabled "${name}"${sessionsEnded(change.sessionsEnded)}.\n`);
      }),
    );

  users
    .command('enable')
    .description('let a disabled user sign in again')
    .addArgument(username())
    .action(async (name: string) =>
      withStore(io, dataDir(), async (store) => {
        await operationsOn(store, io).enablePortalUser(name);
        io.stdout.write(`Enabled "${name}".\n`);
      }),
    );

  return users;
}
