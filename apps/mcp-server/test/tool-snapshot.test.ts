import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { BackofficeClient } from '@washops/backoffice-client';
import { openResourceReads } from '@washops/operations';
import { TransactionsClient } from '@washops/transactions-client';
import { expect, it } from 'vitest';
import { createServer } from '../src/server.js';
import { auditedServicesOver } from './audited-services.js';
import { fakeKpis } from './fake-kpis.js';
import { fakeReports } from './fake-reports.js';
import { fakeWarehouse } from './fake-warehouse.js';

/**
 * What the model sees is an API: every tool's name, title, description, schemas and annotations, every
 * prompt's arguments and every resource's URI are pinned here, so a change to any of them shows up as a
 * reviewed diff of tools.snapshot.json, prompts.snapshot.json or resources.snapshot.json.
 */
it('pins every tool, prompt and resource as a model sees it', async () => {
  const audited = await auditedServicesOver(new BackofficeClient({ subdomain: 'demo', username: 'bot', password: 'unused-password', baseUrl: 'http://127.0.0.1:9' }));
  const transactions = new TransactionsClient({ apiId: 'demo', apiKey: 'unused-key', baseUrl: 'http://127.0.0.1:9/v1' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'snapshot', version: '1' });
  await Promise.all([createServer({ services: { ...audited.servicesFor(), transactions, warehouse: fakeWarehouse().services, reports: fakeReports().reports, kpis: fakeKpis().kpis, resources: openResourceReads({ store: audited.store }) } }).connect(serverSide), client.connect(clientSide)]);
  const { tools } = await client.listTools();
  const { prompts } = await client.listPrompts();
  const { resources } = await client.listResources();
  const { resourceTemplates } = await client.listResourceTemplates();
  await client.close();
  await Promise.all([audited.close(), transactions.close()]);
  expect(tools).toHaveLength(50);
  await expect(JSON.stringify(tools, null, 2) + '\n').toMatchFileSnapshot('./__snapshots__/tools.snapshot.json');
  expect(prompts).toHaveLength(7);
  await expect(JSON.stringify(prompts, null, 2) + '\n').toMatchFileSnapshot('./__snapshots__/prompts.snapshot.json');
  expect(resources).toHaveLength(6);
  expect(resourceTemplates).toHaveLength(2);
  await expect(JSON.stringify({ resources, resourceTemplates }, null, 2) + '\n').toMatchFileSnapshot('./__snapshots__/resources.snapshot.json');
  // It opens an audit database: slow on a busy machine.
}, 60_000);
