import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { readMcpConfig } from '../src/config.js';
import { createMcpLogger } from '../src/log.js';
import { createServices } from '../src/services-factory.js';

it('gives both clients the server\'s redacting logger, so their request and retry logs reach stderr with no secret', async () => {
  const written: string[] = [];
  const logger = createMcpLogger(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk.toString());
        done();
      },
    }),
    'debug',
  );
  const running = await createServices(readMcpConfig(['--demo'], {}), logger);
  try {
    const services = running.servicesFor('stdio');
    await services.transactions!.listSites();
    await services.backoffice!.listDepartments();
  } finally {
    await running.close();
  }
  const lines = written.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as { client?: string; level: number });
  expect(lines.some((line) => line.client === 'transactions')).toBe(true);
  expect(lines.some((line) => line.client === 'backoffice')).toBe(true);
  expect(written.join('')).not.toContain('demo-key');
  expect(written.join('')).not.toContain('bot-password');
});

it('binds the audited writes to the actor each caller is, on the mcp channel, over one audit log', async () => {
  const running = await createServices(readMcpConfig(['--demo'], {}));
  try {
    const stdio = running.servicesFor('stdio');
    const nightly = running.servicesFor('nightly-sync');
    expect(stdio.operations!.actor).toEqual({ channel: 'mcp', name: 'stdio' });
    expect(nightly.operations!.actor).toEqual({ channel: 'mcp', name: 'nightly-sync' });
    expect(stdio.audit).toBe(nightly.audit);
    expect(running.description).toContain('audit log: PGlite in memory');
  } finally {
    await running.close();
  }
});
