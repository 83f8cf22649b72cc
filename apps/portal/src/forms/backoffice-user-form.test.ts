import { describe, expect, it } from 'vitest';
import { emptyBackofficeUserForm, validateBackofficeUserForm } from './backoffice-user-form';

describe('the Back Office user form', () => {
  it('builds a linked user by POS user id', () => {
    const { input, errors } = validateBackofficeUserForm({
      ...emptyBackofficeUserForm,
      linkPosUserId: '4321',
      username: 'ada_l',
      email: 'ada@example.com',
      permission: 'Manager',
    });
    expect(errors).toEqual({});
    expect(input).toEqual({ username: 'ada_l', email: 'ada@example.com', permission: 'Manager', linkToEmployeePosUserId: 4321, availableSites: 'all', applyTemplate: true });
  });

  it('builds a standalone user, and reports fields with the client messages', () => {
    const ok = validateBackofficeUserForm({
      ...emptyBackofficeUserForm,
      mode: 'standalone',
      firstName: 'Ada',
      lastName: 'L',
      username: 'ada_l',
      email: 'ada@example.com',
      permission: 'Manager',
      allSites: false,
      sites: ['Main Street'],
    });
    expect(ok.errors).toEqual({});
    expect(ok.input).toMatchObject({ firstName: 'Ada', lastName: 'L', availableSites: ['Main Street'] });
    expect(ok.input).not.toHaveProperty('linkToEmployeePosUserId');
    expect(validateBackofficeUserForm({ ...emptyBackofficeUserForm, applyTemplate: false }).input.applyTemplate).toBe(false);

    const bad = validateBackofficeUserForm({ ...emptyBackofficeUserForm, username: '1x', email: 'nope', linkPosUserId: 'x', permission: 'Manager' });
    expect(bad.errors).toMatchObject({
      username: 'username must start with a letter and have 3-64 letters, digits or underscores',
      email: 'email must look like name@domain.tld',
      linkPosUserId: 'posUserId must be a number',
    });
  });
});
