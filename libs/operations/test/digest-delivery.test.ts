import { createServer, type AddressInfo } from 'node:net';
import type { Store } from '@washops/store';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '@washops/client-core';
import { openDigest, readDigestConfig } from '../src/index.js';
import { backoffice, digestStore } from './digest-support.js';

// The digest's delivery end to end: the check of a closed, synced day sends through SMTP to a sink started here, once
// per recipient, and records each delivery; a day not closed or not synced sends nothing; the password stays out of
// logs and errors.

const USER = 'digest';
const PASSWORD = 'sm7p-pa55-c4nary';
/** 07:00 in Chicago on 11-03 (CST): 11-02 has closed at the default 06:00. */
const AFTER_CLOSE = new Date('2026-11-03T13:00:00Z');
/** 05:00 in Chicago: 11-02 has not closed yet. */
const BEFORE_CLOSE = new Date('2026-11-03T11:00:00Z');

interface Received {
  to: string[];
  raw: string;
}

const decodeQp = (text: string) => Buffer.from(text.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

/** The message's headers unfolded (encoded words decoded) and its quoted-printable body decoded: enough to read subject and figures. */
function readable(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=\s*/gi, (_m, word: string) => decodeQp(word.replace(/_/g, ' ')));
  return `${headers}${decodeQp(raw.slice(split).replace(/=\r\n/g, ''))}`;
}

async function startSink(): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: readable(Buffer.concat(chunks).toString('latin1')) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const configFor = (port: number) =>
  readDigestConfig({ smtpUrl: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`, from: 'digest@washops.example', recipients: 'a=manager@example.com,assistant@example.com;*=ops@example.com' });

function capturingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const log = (entry: object, msg?: string) => void lines.push(`${msg ?? ''} ${JSON.stringify(entry)}`);
  return { logger: { debug: log, info: log, warn: log, error: log }, lines };
}

describe('the daily digest check', () => {
  let store: Store;
  let sink: Awaited<ReturnType<typeof startSink>>;
  beforeEach(async () => {
    sink = await startSink();
  });
  afterEach(async () => {
    await sink?.close();
    await store?.close();
  });

  it('sends a closed, synced day once to each recipient, records it, and sends nothing more at the next check', async () => {
    // A holds 11-02; B does not (its digest waits), and no other day of either is synced.
    store = await digestStore({ A: [3], B: [] });
    const { logger, lines } = capturingLogger();
    const digest = openDigest({ store, backoffice, config: configFor(sink.port), logger });

    const early = await digest.check(BEFORE_CLOSE);
    expect(early).toEqual({ sent: 0, failed: 0, notSynced: expect.arrayContaining([{ siteCode: 'A', day: '2026-11-01' }]) });
    expect(sink.received).toEqual([]);

    const first = await digest.check(AFTER_CLOSE);
    expect(first.sent).toBe(2);
    expect(first.notSynced).toContainEqual({ siteCode: 'B', day: '2026-11-02' });
    expect(sink.received.map((m) => m.to).sort()).toEqual([['assistant@example.com'], ['manager@example.com']]);
    for (const message of sink.received) {
      expect(message.raw).toContain('Subject: Wash <A> & "Sons" (A), Monday 2026-11-02: 7 cars, $89.99 sales');
      expect(message.raw).toContain('From: digest@washops.example');
      expect(message.raw).toMatch(/Cars\s+7\s+not synced\s+not synced/);
      expect(message.raw).toContain('>$89.99</td>');
    }
    const deliveries = await digest.deliveries('A', '2026-11-02');
    expect(deliveries.map((d) => [d.recipient, d.state, d.messageId !== null])).toEqual([
      ['assistant@example.com', 'sent', true],
      ['manager@example.com', 'sent', true],
    ]);

    const second = await digest.check(new Date(AFTER_CLOSE.getTime() + 15 * 60_000));
    expect(second.sent).toBe(0);
    expect(sink.received).toHaveLength(2);
    expect(await digest.deliveries('B')).toEqual([]);
    digest.close();
    expect(lines.join('\n')).not.toContain(PASSWORD);
    expect(lines.some((line) => line.includes('not synced whole yet'))).toBe(true);
  });

  it('a refused connection is recorded without the password and sent at a later check; a send that may have gone out is not repeated', async () => {
    store = await digestStore({ A: [3], B: [] });
    const { logger, lines } = capturingLogger();
    const refused = openDigest({ store, backoffice, config: configFor(await closedPort()), logger });
    expect(await refused.check(AFTER_CLOSE)).toMatchObject({ sent: 0, failed: 2 });
    refused.close();
    const failed = await store.digest.list({ siteCode: 'A', day: '2026-11-02' });
    expect(failed.map((d) => [d.state, d.retryable])).toEqual([
      ['failed', true],
      ['failed', true],
    ]);
    expect(failed[0]?.error).toMatch(/ECONNECTION|ESOCKET|ECONNREFUSED/);
    for (const text of [...lines, ...failed.map((d) => d.error ?? '')]) expect(text).not.toContain(PASSWORD);

    // One recipient's send was under way when its process died: it stays `sending` for a person to look at.
    await store.digest.claim({ siteCode: 'A', day: '2026-11-02', recipient: 'assistant@example.com' }, 'x');
    const working = openDigest({ store, backoffice, config: configFor(sink.port), logger });
    expect(await working.check(AFTER_CLOSE)).toMatchObject({ sent: 1, failed: 0 });
    working.close();
    expect(sink.received.map((m) => m.to)).toEqual([['manager@example.com']]);
    expect((await working.deliveries('A', '2026-11-02')).map((d) => [d.recipient, d.state])).toEqual([
      ['assistant@example.com', 'sending'],
      ['manager@example.com', 'sent'],
    ]);
  });

  it('a wrong password fails for good, and neither the log nor the record repeats it', async () => {
    store = await digestStore({ A: [3], B: [] });
    const { logger, lines } = capturingLogger();
    const config = readDigestConfig({ smtpUrl: `smtp://${USER}:wrong-${PASSWORD}@127.0.0.1:${sink.port}`, from: 'digest@washops.example', recipients: 'A=manager@example.com' });
    const digest = openDigest({ store, backoffice, config, logger });
    expect(await digest.check(AFTER_CLOSE)).toMatchObject({ sent: 0, failed: 1 });
    digest.close();
    const [failed] = await store.digest.list({ siteCode: 'A' });
    expect(failed).toMatchObject({ state: 'failed', retryable: false });
    expect(failed?.error).toContain('EAUTH');
    expect(await digest.check(AFTER_CLOSE)).toMatchObject({ sent: 0, failed: 0 });
    for (const text of [...lines, failed?.error ?? '']) expect(text).not.toContain(PASSWORD);
    expect(sink.received).toEqual([]);
  });
});
