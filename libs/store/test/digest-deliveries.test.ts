import { expect, it } from 'vitest';
import { describeEachBackend, useStore } from './harness.js';

// The digest's delivery record: a claim before each send, so a digest that may have gone out is never sent twice.

const KEY = { siteCode: 'JOLIET', day: '2026-11-02', recipient: 'manager@example.com' };

describeEachBackend('digest deliveries', (backend) => {
  const store = useStore(backend);

  it('of many claims of one delivery made at once, exactly one wins', async () => {
    const claims = await Promise.all(Array.from({ length: 8 }, () => store().digest.claim(KEY, 'subject')));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await store().digest.list({ siteCode: 'JOLIET' })).map((d) => d.state)).toEqual(['sending']);
  });

  it('a sent or sending delivery, or one failed for good, is not claimed again; one refused before the handover is', async () => {
    const at = new Date('2026-11-03T12:00:00Z');
    expect(await store().digest.claim(KEY, 'subject', at)).toBe(true);
    expect(await store().digest.claim(KEY, 'subject')).toBe(false);
    await store().digest.markSent(KEY, '<id@example.com>', new Date('2026-11-03T12:00:02Z'));
    expect(await store().digest.claim(KEY, 'subject')).toBe(false);
    expect(await store().digest.list({ siteCode: 'JOLIET', day: KEY.day })).toEqual([
      { ...KEY, state: 'sent', subject: 'subject', messageId: '<id@example.com>', error: null, retryable: false, startedAt: at, finishedAt: new Date('2026-11-03T12:00:02Z') },
    ]);

    const other = { ...KEY, recipient: 'ops@example.com' };
    await store().digest.claim(other, 'subject');
    await store().digest.markFailed(other, 'ECONNECTION: connect ECONNREFUSED', true);
    expect(await store().digest.claim(other, 'subject')).toBe(true);
    await store().digest.markFailed(other, 'EENVELOPE: 550 no such user', false);
    expect(await store().digest.claim(other, 'subject')).toBe(false);
    expect((await store().digest.list({ siteCode: 'JOLIET', day: KEY.day })).map((d) => [d.recipient, d.state, d.error])).toEqual([
      ['manager@example.com', 'sent', null],
      ['ops@example.com', 'failed', 'EENVELOPE: 550 no such user'],
    ]);
  });
});
