import { ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { TransactionsClient, type RateLimitPermit, type RequestBudget } from '../src/index.js';
import { fakeClient } from './support/fake-client.js';
import { json } from './support/fake-fetch.js';

/** A budget held elsewhere (as the store's shared one is): it records what the client asks of it. */
function recordingBudget() {
  const calls: string[] = [];
  const budget: RequestBudget = {
    windowMs: 1_000,
    acquire: async () => {
      calls.push('acquire');
      let settled = false;
      // The transport may settle twice (once on the answer, once in its cleanup): only the first counts.
      const permit: RateLimitPermit = {
        settle: (outcome) => {
          if (settled) return;
          settled = true;
          calls.push(outcome?.answered === false ? 'settle unanswered' : 'settle');
        },
      };
      return permit;
    },
    pauseFor: (ms) => void calls.push(`pause ${ms}`),
    nextFreeInMs: () => 0,
  };
  return { budget, calls };
}

describe('a RequestBudget given to the client', () => {
  it('is what every request waits for, and each permit is settled once its answer arrives', async () => {
    const { budget, calls } = recordingBudget();
    const { client, fake } = fakeClient(() => json({ data: { sites: [] } }), { rateLimit: budget });
    await client.listSites();
    await client.listSites();
    expect(fake.calls).toHaveLength(2);
    expect(calls).toEqual(['acquire', 'settle', 'acquire', 'settle']);
    expect(client.budget).toBe(budget);
    expect(() => client.rateLimiter).toThrow(TypeError);
  });

  it('is paused for the window after a 429 without Retry-After', async () => {
    const { budget, calls } = recordingBudget();
    const { client } = fakeClient(
      (_request, index) => (index === 0 ? json({ type: 'RequestRateExceedError', message: 'Request blocked.' }, 429) : json({ data: { sites: [] } })),
      { rateLimit: budget },
    );
    await client.listSites();
    expect(calls).toContain('pause 1000');
  });

  it('is checked when the client is made: something that is neither a config nor a budget is a ValidationError', () => {
    const rateLimit = { acquire: () => undefined } as unknown as RequestBudget;
    expect(() => new TransactionsClient({ apiId: 'a', apiKey: 'k', rateLimit })).toThrow(ValidationError);
  });
});
