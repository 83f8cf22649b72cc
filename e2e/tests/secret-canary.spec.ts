import { PassThrough } from 'node:stream';
import { expect, test } from '@playwright/test';
import { auditRowsOf } from './canary-audit.js';
import { CapturedText, makeSecrets, runStorage, startPortal, startSimulators, type RunningPortal, type RunStorage, type Simulators } from './canary-harness.js';
import { exerciseMcp, McpProbe, PLANTED_PIN } from './canary-mcp.js';
import { exercisePortal } from './canary-portal-plan.js';
import { PortalProbe, routerProcedures } from './canary-portal-probe.js';

// One run of the whole product with four unique secrets: the BackOffice bot password, the Data API
// key, the password of the portal's database and a portal user's password. The built portal and the built MCP
// server run in tenant mode (credentials from the environment, as deployed) against the simulators.
// Every procedure and every tool is called on success and failure paths; every answer, header, log
// line, tool result and audit row is kept, and none may contain any of the secrets. No browser is needed.

test('no secret appears in any answer, header, log or tool result of the portal and the MCP server', async () => {
  test.setTimeout(15 * 60_000);
  const secrets = makeSecrets();
  const captured = new CapturedText();
  let sims: Simulators | undefined;
  let portal: RunningPortal | undefined;
  let mcp: McpProbe | undefined;
  let storage: RunStorage | undefined;
  try {
    sims = await startSimulators(secrets);

    storage = await runStorage(secrets);
    portal = await startPortal(secrets, sims, captured, storage.env);
    const portalProbe = new PortalProbe(portal.url, captured);
    await exercisePortal(portalProbe, sims, secrets);
    const procedures = [...routerProcedures().keys()];
    expect(procedures.filter((path) => !portalProbe.called.has(path)), 'procedures the canary does not call').toEqual([]);
    expect(portalProbe.mismatches, 'portal calls that did not come to what they should').toEqual([]);
    await portal.stop();
    portal = undefined;

    // Every audit row the portal wrote, as stored: none may hold a secret (the scan below reads them).
    const portalRows = await auditRowsOf(storage);
    expect(new Set(portalRows.map((row) => row.operation)), 'operations the portal audited').toEqual(
      new Set([
        'employee.create',
        'employee.disable',
        'employee.reactivate',
        'employee.update',
        'employee.set_wage',
        'employee.set_permission',
        'backoffice_user.create',
        'backoffice_user.apply_template',
        'portal_user.add',
        'portal_user.set_role',
        'portal_user.reset_password',
        'portal_user.disable',
        'portal_user.enable',
        'portal_user.change_password',
        // An admin's reveal of a customer's contact details (the canary's is of an unknown customer: failed).
        'customer.reveal_contact',
      ]),
    );

    mcp = await McpProbe.start(captured, secrets, sims, storage.env);
    const tools = await mcp.toolNames();
    await exerciseMcp(mcp, sims);
    console.log(`secret canary: slowest tool calls: ${mcp.slowest(8)}`);
    // A call that went wrong is explained by what the server logged just before: its last lines go with the failure.
    if (mcp.mismatches.length > 0) console.log(`MCP server log, last lines:\n${captured.text('mcp stderr').split('\n').slice(-60).join('\n')}`);
    expect(tools.filter((name) => !mcp!.called.has(name)), 'tools the canary does not call').toEqual([]);
    expect(mcp.mismatches, 'tool calls that did not come to what they should').toEqual([]);
    const toolsCalled = mcp.called.size;
    await mcp.close();
    mcp = undefined;

    // The same database now holds the tools' writes too, as the stdio caller.
    const auditRows = await auditRowsOf(storage);
    const toolRows = auditRows.filter((row) => row.channel === 'mcp');
    expect(new Set(toolRows.map((row) => `${row.actor} ${row.operation}`)), 'operations the MCP server audited').toEqual(
      new Set([
        ...['stdio employee.create', 'stdio employee.disable', 'stdio backoffice_user.create', 'stdio employee.update', 'stdio employee.reactivate'],
        ...['stdio employee.set_wage', 'stdio employee.set_permission', 'stdio backoffice_user.apply_template'],
      ]),
    );
    // The PIN update_employee set is recorded as "set", never as the number.
    const pinUpdates = toolRows.filter((row) => row.operation === 'employee.update' && JSON.stringify(row.input).includes('posPin'));
    expect(pinUpdates.map((row) => (row.input as { changes?: { posPin?: unknown } }).changes?.posPin), 'the PIN as update_employee recorded it').toEqual(['set']);
    expect(JSON.stringify(toolRows), 'audit rows of the tools').not.toMatch(new RegExp(`(?<![0-9a-f])${PLANTED_PIN}(?![0-9a-f])`));
    for (const row of auditRows) captured.add(`audit row ${row.id} (${row.channel} ${row.operation}, ${row.state})`, JSON.stringify(row));

    // The logs hold what the scan must see: the start-up lines and failures logged with their causes
    // and stacks. Silent logs would make the scan below pass for nothing.
    const portalLog = captured.text('portal stdout') + captured.text('portal stderr');
    expect(portalLog, 'portal log').toContain('tenant "canary"');
    expect(portalLog, 'portal log: a failure with its stack').toContain('"stack":');
    expect(captured.text('mcp stderr'), 'MCP log').toContain('starting');
    expect(captured.text('mcp stderr'), 'MCP log: a failure with its stack').toContain('"stack":');
    expect(captured.text('mcp stderr'), 'MCP log: the Data API requests, logged at debug').toContain('Data API request');

    const sightings = captured.scan(secrets);
    console.log(
      `secret canary: ${portalProbe.called.size} of ${procedures.length} procedures, ${toolsCalled} of ${tools.length} tools called; ` +
        `${captured.bytes.toLocaleString('en-US')} bytes scanned; ${sightings.length} sightings`,
    );
    expect(sightings, 'sightings of a secret (secret, where, masked context)').toEqual([]);
  } finally {
    await mcp?.close();
    await portal?.stop();
    await sims?.close();
    await storage?.remove();
  }
});

test('the scan finds each secret as is, base64-encoded at any alignment and cut between stream chunks', async () => {
  const secrets = makeSecrets();
  const captured = new CapturedText();
  captured.add('clean', 'nothing secret here');
  captured.add('plain', `key=${secrets.dataApiKey};`);
  captured.add('basic auth', `authorization: Basic ${Buffer.from(`bot:${secrets.botPassword}`).toString('base64')}`);
  captured.add('database url', Buffer.from(`ab${secrets.databasePassword}`).toString('base64url'));
  const stream = new PassThrough();
  captured.follow('log', stream);
  stream.write(`password ${secrets.portalPassword.slice(0, 12)}`);
  stream.end(`${secrets.portalPassword.slice(12)} logged`);
  await new Promise((resolve) => stream.once('end', resolve));

  const sightings = captured.scan(secrets);
  expect(sightings.map((s) => [s.secret, s.source])).toEqual([
    ['dataApiKey', 'plain'],
    ['botPassword', 'basic auth'],
    ['databasePassword', 'database url'],
    ['portalPassword', 'log'],
  ]);
  expect(sightings[0]!.context).toBe('key=<dataApiKey>;');
  expect(sightings[3]!.context).toBe('password <portalPassword> logged');
});
