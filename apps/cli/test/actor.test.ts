import { userInfo } from 'node:os';
import { expect, it } from 'vitest';
import { cliActor } from '../src/actor.js';

it('acts as the operating-system user on the cli channel, else USER, else unknown', () => {
  expect(cliActor({ USER: 'someone-else' })).toEqual({ channel: 'cli', name: userInfo().username });
  const noEntry = () => {
    throw new Error('ENOENT: no such user');
  };
  expect(cliActor({ USER: 'deploy' }, noEntry)).toEqual({ channel: 'cli', name: 'deploy' });
  expect(cliActor({}, noEntry)).toEqual({ channel: 'cli', name: 'unknown' });
  expect(cliActor({ USER: '  ' }, () => '')).toEqual({ channel: 'cli', name: 'unknown' });
});
