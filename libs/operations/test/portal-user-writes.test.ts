/** The portal's own users, changed through Operations: each change is one event naming the user, never a password. */
import { ValidationError } from '@washops/shared-errors';
import { LastAdminError } from '@washops/store';
import { expect, it } from 'vitest';
import { Operations } from '../src/index.js';
import { describeEachBackend, newest } from './support.js';

const hash = (label: string) => `scrypt$16384$8$1$${Buffer.from(label).toString('base64url')}$c2FsdA`;

describeEachBackend('portal user writes', (store) => {
  const unique = (prefix: string) => `${prefix}${Date.now()}${Math.floor(Math.random() * 1000)}`;

  it('add, set role, reset password, disable, enable and change one’s own password each record one succeeded event', async () => {
    const ops = new Operations({ store: store() });
    const root = ops.as({ channel: 'cli', name: 'root' });
    await store().users.add({ username: unique('keeper'), role: 'admin', passwordHash: hash('keeper') });
    const username = unique('grace');
    const secretHash = hash('grace-secret');
    const added = await root.addPortalUser({ username, role: 'viewer', passwordHash: secretHash, passwordGenerated: true });
    expect(added).toMatchObject({ username, role: 'viewer', disabled: false });
    await root.setPortalUserRole(username, 'admin');
    await root.resetPortalUserPassword(username, { passwordHash: hash('reset'), passwordGenerated: false });
    await root.disablePortalUser(username);
    await root.enablePortalUser(username);
    await ops.as({ channel: 'portal', name: username }).changeOwnPassword(hash('own'));

    const events = (await newest(store(), 6)).reverse();
    expect(events.map((e) => [e.operation, e.state, e.actor, e.channel])).toEqual([
      ['portal_user.add', 'succeeded', 'root', 'cli'],
      ['portal_user.set_role', 'succeeded', 'root', 'cli'],
      ['portal_user.reset_password', 'succeeded', 'root', 'cli'],
      ['portal_user.disable', 'succeeded', 'root', 'cli'],
      ['portal_user.enable', 'succeeded', 'root', 'cli'],
      ['portal_user.change_password', 'succeeded', username, 'portal'],
    ]);
    for (const event of events) expect(event.target).toEqual({ portalUsername: username });
    expect(events.map((e) => e.input)).toEqual([{ role: 'viewer', password: 'generated' }, { role: 'admin' }, { password: 'set' }, {}, {}, { password: 'set' }]);
    expect(events[0]?.outcome?.summary).toEqual({ username, role: 'viewer', disabled: false });
    expect(events[3]?.outcome?.summary).toMatchObject({ username, disabled: true, sessionsEnded: 0 });
    expect(JSON.stringify(events)).not.toContain('scrypt$');
    expect((await store().users.findCredentials(username))?.passwordHash).toBe(hash('own'));
  });

  it('a refused change (the last admin, an unknown user, a taken name) is one failed event with the store’s code', async () => {
    const ops = new Operations({ store: store() }).as({ channel: 'portal', name: 'ada' });
    const lastAdmin = unique('last');
    await store().users.add({ username: lastAdmin, role: 'admin', passwordHash: hash('x') });
    const others = (await store().users.list()).filter((u) => u.role === 'admin' && u.username !== lastAdmin);
    for (const user of others) await store().users.setRole(user.username, 'viewer');
    expect(await store().users.countActiveAdmins()).toBe(1);
    const error = await ops.disablePortalUser(lastAdmin).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LastAdminError);
    expect((await newest(store(), 1))[0]).toMatchObject({ operation: 'portal_user.disable', state: 'failed', outcome: { code: 'LAST_ADMIN' } });
    await expect(ops.setPortalUserRole(unique('ghost'), 'viewer')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await newest(store(), 1))[0]).toMatchObject({ operation: 'portal_user.set_role', state: 'failed', outcome: { code: 'NOT_FOUND' } });
    await expect(ops.addPortalUser({ username: lastAdmin, role: 'viewer', passwordHash: hash('y'), passwordGenerated: false })).rejects.toMatchObject({ code: 'DUPLICATE_ERROR' });
    const [duplicate] = await newest(store(), 1);
    expect(duplicate).toMatchObject({ operation: 'portal_user.add', state: 'failed', steps: null, outcome: { code: 'DUPLICATE_ERROR' } });
  });

  it('refuses an actor without a name, with a name over 200 characters or with an unknown channel', () => {
    const ops = new Operations({ store: store() });
    expect(() => ops.as({ channel: 'portal', name: '  ' })).toThrow(ValidationError);
    expect(() => ops.as({ channel: 'portal', name: 'x'.repeat(201) })).toThrow(ValidationError);
    expect(() => ops.as({ channel: 'email' as never, name: 'ada' })).toThrow(ValidationError);
    expect(ops.as({ channel: 'mcp', name: ' stdio ' }).actor).toEqual({ channel: 'mcp', name: 'stdio' });
    expect(() => new Operations({} as never)).toThrow(ValidationError);
  });
});
