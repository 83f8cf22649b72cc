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
    await running.services.transactions!.listSites();
    await running.services.backoffice!.listDepartments();
  } finally {
    await running.close();
  }
  const lines = written.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as { client?: string; level: number });
  expect(lines.some((line) => line.client === 'transactions')).toBe(true);
  expect(lines.some((line) => line.client === 'backoffice')).toBe(true);
  expect(written.join('')).not.toContain('demo-key');
  expect(written.join('')).not.toContain('bot-password');
});
