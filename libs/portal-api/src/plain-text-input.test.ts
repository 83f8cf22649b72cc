import { describe, expect, it } from 'vitest';
import { hiddenCharacterIssues } from './plain-text-input.js';

describe('hiddenCharacterIssues', () => {
  it('names each field holding a control or bidirectional formatting character, nested ones by path', () => {
    const issues = hiddenCharacterIssues({ firstName: 'Ann\u202Eeb', availableSites: ['Main', 'North\nSide'], posUserId: 7, ok: 'fine' });
    expect(issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['firstName'], 'firstName must not contain control or bidirectional formatting characters'],
      [['availableSites', 1], 'availableSites.1 must not contain control or bidirectional formatting characters'],
    ]);
  });

  it('leaves passwords alone and accepts ordinary text in any script', () => {
    expect(hiddenCharacterIssues({ username: 'José Ñúñez 李', password: 'tab\there', backofficePassword: '\u202E' })).toEqual([]);
  });
});

describe('a refused input through the router', () => {
  it('names each field with a hidden character in the public error', async () => {
    const { callerAs, makeDeps } = await import('../test/helpers.js');
    const { publicErrorOf } = await import('./public-error.js');
    const error = await callerAs(await makeDeps(), 'admin')
      .employees.create({ firstName: 'A\u202eB', lastName: 'X\u0007' } as never)
      .catch((e: unknown) => e);
    const pub = publicErrorOf(error as never);
    expect(pub.code).toBe('VALIDATION_ERROR');
    expect(pub.details['issues']).toEqual([
      { path: 'firstName', message: 'firstName must not contain control or bidirectional formatting characters' },
      { path: 'lastName', message: 'lastName must not contain control or bidirectional formatting characters' },
    ]);
  });
});
