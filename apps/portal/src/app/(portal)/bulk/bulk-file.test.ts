import { BULK_LIMITS } from '@washops/portal-api/schemas';
import { describe, expect, it } from 'vitest';
import { base64OfBytes, oversizeMessage, progressText, timeLeft } from './bulk-file';

describe('the bulk page’s file helpers', () => {
  it('refuses a file over the limit before uploading it, naming its size and the limit', () => {
    expect(oversizeMessage(BULK_LIMITS.maxFileBytes)).toBeNull();
    expect(oversizeMessage(BULK_LIMITS.maxFileBytes + 1)).toBe(
      'This file is 1,048,577 bytes, over the limit of 1 MiB (1,048,576 bytes): split it into smaller files (at most 2,000 rows each).',
    );
    expect(oversizeMessage(10_000_000)).toMatch(/^This file is 10,000,000 bytes, over the limit of 1 MiB/);
  });

  it('encodes a file of a whole MiB of any bytes as the server decodes it', () => {
    const bytes = new Uint8Array(BULK_LIMITS.maxFileBytes).map((_, index) => (index * 7919) % 256);
    const encoded = base64OfBytes(bytes);
    expect(Buffer.from(encoded, 'base64').equals(Buffer.from(bytes))).toBe(true);
    expect(base64OfBytes(new TextEncoder().encode('posUserId\r\n4021\r\n'))).toBe(Buffer.from('posUserId\r\n4021\r\n').toString('base64'));
  });

  it('says where a run is: rows done, failed, remaining, rate and time left once known', () => {
    const start = { total: 20, done: 0, failed: 0, partial: 0, remaining: 20, inFlight: 2, ratePerMinute: null, etaMs: null };
    expect(progressText(start)).toBe('0 of 20 rows done, 0 failed, 20 remaining');
    expect(progressText({ ...start, done: 9, failed: 1, remaining: 10, ratePerMinute: 30.4, etaMs: 20_000 })).toBe(
      '9 of 20 rows done, 1 failed, 10 remaining, 30 rows a minute, about 20 seconds left',
    );
    expect(timeLeft(180_000)).toBe('about 3 minutes');
    expect(timeLeft(null)).toBeNull();
  });
});
