import { beforeAll, describe, expect, it } from 'vitest';
import { createCaller, createPortalContext, newPasswordSchema, publicErrorOf, verifyPassword, type PortalDeps } from '../src/index.js';
import { browserRequest, callerAs, errorOf, makeDeps, sessionCookieOf } from './helpers.js';

let deps: PortalDeps;

beforeAll(async () => {
  deps = await makeDeps();
});

function callerWith(cookieHeader: string | null, cookies: string[] = [], ip = '10.2.0.1') {
  return createCaller(() => createPortalContext(deps, browserRequest({ cookieHeader, ip }), (cookie) => cookies.push(cookie)));
}

async function signIn(username: string, password: string, ip = '10.2.0.1'): Promise<string> {
  const cookies: string[] = [];
  await callerWith(null, cookies, ip).auth.signIn({ username, password });
  return cookies[0]!.split(';')[0]!;
}

async function signedIn(cookie: string): Promise<boolean> {
  return callerWith(cookie).auth.me().then(
    () => true,
    () => false,
  );
}

describe('portalUsers (admin only)', () => {
  it('adds a user with a generated password shown once, which signs in; the list shows it, never a hash', async () => {
    const admin = callerAs(deps, 'admin');
    const added = await admin.portalUsers.add({ username: ' Hana ', role: 'viewer' });
    expect(added.user).toMatchObject({ username: 'hana', role: 'viewer', disabled: false, lastSignInAt: null, isYou: false });
    expect(added.generatedPassword).toMatch(/^[a-zA-Z2-9]{5}(-[a-zA-Z2-9]{5}){3}$/);
    expect(newPasswordSchema.safeParse(added.generatedPassword).success).toBe(true);
    await signIn('hana', added.generatedPassword!);
    const list = await admin.portalUsers.list();
    const hana = list.find((user) => user.username === 'hana')!;
    expect(hana.lastSignInAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(new Date(hana.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(list.find((user) => user.username === 'admin')).toMatchObject({ isYou: true, role: 'admin' });
    expect(JSON.stringify(list)).not.toMatch(/scrypt|passwordHash/);
  });

  it('adds a user with the password the admin chose (no generated one), refusing a short one', async () => {
    const admin = callerAs(deps, 'admin');
    await expect(admin.portalUsers.add({ username: 'ivan', role: 'admin', password: 'chosen by the admin' })).resolves.toMatchObject({
      generatedPassword: null,
      user: { username: 'ivan', role: 'admin' },
    });
    expect(await verifyPassword('chosen by the admin', (await deps.store.users.findCredentials('ivan'))!.passwordHash)).toBe(true);
    const short = await errorOf(admin.portalUsers.add({ username: 'ivan2', role: 'viewer', password: 'short' }));
    expect(short.code).toBe('BAD_REQUEST');
    expect(publicErrorOf(short).details['issues']).toContainEqual({ path: 'password', message: 'A password needs at least 12 characters.' });
    expect(await deps.store.users.find('ivan2')).toBeNull();
  });

  it('refuses a taken username with CONFLICT, and a malformed one with its rule', async () => {
    const admin = callerAs(deps, 'admin');
    const taken = await errorOf(admin.portalUsers.add({ username: 'Viewer', role: 'viewer' }));
    expect(taken.code).toBe('CONFLICT');
    expect(taken.message).toBe('A portal user named "viewer" already exists.');
    const malformed = await errorOf(admin.portalUsers.add({ username: 'no spaces', role: 'viewer' }));
    expect(malformed.code).toBe('BAD_REQUEST');
  });

  it('changes a role, ending that user’s sessions at once', async () => {
    const admin = callerAs(deps, 'admin');
    const { generatedPassword } = await admin.portalUsers.add({ username: 'jack', role: 'viewer' });
    const jack = await signIn('jack', generatedPassword!, '10.2.1.1');
    const changed = await admin.portalUsers.setRole({ username: 'jack', role: 'admin' });
    expect(changed).toMatchObject({ user: { username: 'jack', role: 'admin' }, sessionsEnded: 1 });
    expect(await signedIn(jack)).toBe(false);
    // Setting the role it already has changes nothing and ends nothing.
    await expect(admin.portalUsers.setRole({ username: 'jack', role: 'admin' })).resolves.toMatchObject({ sessionsEnded: 0 });
  });

  it('resets a password: the new (generated or chosen) one works, the old one and the user’s sessions do not', async () => {
    const admin = callerAs(deps, 'admin');
    const { generatedPassword: first } = await admin.portalUsers.add({ username: 'kate', role: 'viewer' });
    const kate = await signIn('kate', first!, '10.2.2.1');
    const reset = await admin.portalUsers.resetPassword({ username: 'kate' });
    expect(reset).toMatchObject({ user: { username: 'kate' }, sessionsEnded: 1 });
    expect(reset.generatedPassword).not.toBe(first);
    expect(await signedIn(kate)).toBe(false);
    await expect(callerWith(null, [], '10.2.2.2').auth.signIn({ username: 'kate', password: first! })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await signIn('kate', reset.generatedPassword!, '10.2.2.3');
    const chosen = await admin.portalUsers.resetPassword({ username: 'kate', password: 'a chosen new password' });
    expect(chosen.generatedPassword).toBeNull();
    await signIn('kate', 'a chosen new password', '10.2.2.4');
    expect((await errorOf(admin.portalUsers.resetPassword({ username: 'no-such-user' }))).code).toBe('NOT_FOUND');
  });

  it('disables and re-enables a user: disabled, their session ends and sign-in is refused; enabled, they sign in again', async () => {
    const admin = callerAs(deps, 'admin');
    const { generatedPassword } = await admin.portalUsers.add({ username: 'liam', role: 'viewer' });
    const liam = await signIn('liam', generatedPassword!, '10.2.3.1');
    await expect(admin.portalUsers.disable({ username: 'liam' })).resolves.toMatchObject({ user: { disabled: true }, sessionsEnded: 1 });
    expect(await signedIn(liam)).toBe(false);
    const refused = await errorOf(callerWith(null, [], '10.2.3.2').auth.signIn({ username: 'liam', password: generatedPassword! }));
    expect(refused.message).toBe('Wrong username or password.');
    await expect(admin.portalUsers.enable({ username: 'liam' })).resolves.toMatchObject({ user: { username: 'liam', disabled: false } });
    await signIn('liam', generatedPassword!, '10.2.3.3');
    expect((await errorOf(admin.portalUsers.enable({ username: 'nobody-else' }))).code).toBe('NOT_FOUND');
  });

  it('refuses to disable or demote the last active admin, naming the rule, and changes nothing', async () => {
    // Leave `admin` the only active admin: the other admins of this file are demoted first.
    const admin = callerAs(deps, 'admin');
    for (const user of await admin.portalUsers.list()) {
      if (user.role === 'admin' && user.username !== 'admin') await admin.portalUsers.setRole({ username: user.username, role: 'viewer' });
    }
    const disable = await errorOf(admin.portalUsers.disable({ username: 'admin' }));
    expect(disable.code).toBe('BAD_REQUEST');
    expect(disable.message).toMatch(/"admin" is the last active admin and cannot be disabled/);
    expect(publicErrorOf(disable).code).toBe('LAST_ADMIN');
    const demote = await errorOf(admin.portalUsers.setRole({ username: 'admin', role: 'viewer' }));
    expect(demote.message).toMatch(/is the last active admin and cannot be demoted/);
    expect(await deps.store.users.find('admin')).toMatchObject({ role: 'admin', disabled: false });
    // With a second admin, the first may step down.
    await admin.portalUsers.setRole({ username: 'jack', role: 'admin' });
    await expect(admin.portalUsers.setRole({ username: 'admin', role: 'viewer' })).resolves.toMatchObject({ user: { role: 'viewer' } });
    await deps.store.users.setRole('admin', 'admin');
  });

  it('refuses every procedure to a viewer with the admin message', async () => {
    const viewer = callerAs(deps, 'viewer');
    const calls = [
      viewer.portalUsers.list(),
      viewer.portalUsers.add({ username: 'mia', role: 'admin' }),
      viewer.portalUsers.setRole({ username: 'viewer', role: 'admin' }),
      viewer.portalUsers.resetPassword({ username: 'admin' }),
      viewer.portalUsers.disable({ username: 'admin' }),
      viewer.portalUsers.enable({ username: 'viewer' }),
    ];
    for (const call of calls) {
      const error = await errorOf(call);
      expect({ code: error.code, message: error.message }).toEqual({
        code: 'FORBIDDEN',
        message: 'Only an admin may make changes. You are signed in as a viewer.',
      });
    }
    expect(await deps.store.users.find('mia')).toBeNull();
    expect(await deps.store.users.find('viewer')).toMatchObject({ role: 'viewer' });
  });
});

describe('auth.changePassword (everyone signed in)', () => {
  it('refuses a wrong current password on its field, and throttles repeated wrong ones like sign-ins', async () => {
    const cookie = await sessionCookieOf(deps, 'viewer');
    const attempt = () => callerWith(cookie, [], '10.2.4.1').auth.changePassword({ currentPassword: 'not my password', newPassword: 'a brand new password' });
    const wrong = await errorOf(attempt());
    expect(wrong.code).toBe('BAD_REQUEST');
    expect(publicErrorOf(wrong).details['issues']).toEqual([{ path: 'currentPassword', message: 'The current password is wrong.' }]);
    await errorOf(attempt());
    await errorOf(attempt());
    const throttled = await errorOf(attempt());
    expect(throttled.code).toBe('TOO_MANY_REQUESTS');
    expect(throttled.message).toMatch(/^Too many wrong passwords from this address\. Try again in 1 second\.$/);
    expect(await signedIn(cookie)).toBe(true);
  });

  it('changes the password: every other session ends, this browser gets a fresh one, the new password signs in', async () => {
    const admin = callerAs(deps, 'admin');
    const { generatedPassword } = await admin.portalUsers.add({ username: 'nora', role: 'viewer' });
    const here = await signIn('nora', generatedPassword!, '10.2.5.1');
    const elsewhere = await signIn('nora', generatedPassword!, '10.2.5.2');
    const cookies: string[] = [];
    await expect(
      callerWith(here, cookies, '10.2.5.1').auth.changePassword({ currentPassword: generatedPassword!, newPassword: 'nora picked this one' }),
    ).resolves.toEqual({ changed: true });
    expect(await signedIn(elsewhere)).toBe(false);
    expect(await signedIn(here)).toBe(false);
    const fresh = cookies[0]!.split(';')[0]!;
    expect(cookies[0]).toContain('HttpOnly');
    expect(await signedIn(fresh)).toBe(true);
    await expect(callerWith(null, [], '10.2.5.3').auth.signIn({ username: 'nora', password: generatedPassword! })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await signIn('nora', 'nora picked this one', '10.2.5.4');
  });

  it('holds the new password to the account rules and refuses the same one again', async () => {
    const cookie = await sessionCookieOf(deps, 'viewer');
    const short = await errorOf(callerWith(cookie, [], '10.2.6.1').auth.changePassword({ currentPassword: 'washops-viewer', newPassword: 'short' }));
    expect(publicErrorOf(short).details['issues']).toContainEqual({ path: 'newPassword', message: 'A password needs at least 12 characters.' });
    const same = await errorOf(callerWith(cookie, [], '10.2.6.1').auth.changePassword({ currentPassword: 'washops-viewer', newPassword: 'washops-viewer' }));
    expect(publicErrorOf(same).details['issues']).toEqual([{ path: 'newPassword', message: 'Choose a password other than the current one.' }]);
    expect(await signedIn(cookie)).toBe(true);
  });
});
