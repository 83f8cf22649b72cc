// Proves the module-boundary rule bites: lints imports that break the architecture (without writing
// any file) and fails unless ESLint reports each one. Run by `npm run lint`, so by `npm test`.
// The rule silently skips itself when Nx has no cached project graph (a fresh clone), so
// `npm run lint` computes the graph first (`nx show projects`) and this script would catch a skip.
import { ESLint } from 'eslint';

const probes = [
  { file: 'libs/transactions-client/src/boundary-probe.ts', code: "export * from '@washops/portal-api';\n", why: 'a client imports portal-api' },
  { file: 'libs/backoffice-client/src/boundary-probe.ts', code: "export * from '@washops/backoffice-simulator';\n", why: 'a client imports a simulator outside its tests' },
  { file: 'libs/backoffice-client/src/boundary-probe.ts', code: "export { initTRPC } from '@trpc/server';\n", why: 'a client imports a framework (tRPC)' },
  { file: 'libs/transactions-client/src/boundary-probe.ts', code: "export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n", why: 'a client imports a framework (MCP)' },
  { file: 'libs/shared-errors/src/boundary-probe.ts', code: "export * from '@washops/transactions-client';\n", why: 'shared-errors imports a client' },
  { file: 'libs/transactions-simulator/src/boundary-probe.ts', code: "export * from '@washops/backoffice-client';\n", why: 'a simulator imports a client' },
  { file: 'libs/backoffice-simulator/src/boundary-probe.ts', code: "export * from '@washops/shared-errors';\n", why: 'a simulator imports shared-errors (simulators stand alone)' },
  { file: 'libs/portal-api/src/boundary-probe.ts', code: "export * from '@washops/mcp-server';\n", why: 'portal-api imports an app' },
  { file: 'libs/shared-errors/src/boundary-probe.ts', code: "export * from '@washops/client-core';\n", why: 'shared-errors imports client-core (errors sit at the bottom)' },
  { file: 'libs/client-core/src/boundary-probe.ts', code: "export * from '@washops/backoffice-client';\n", why: 'client-core imports a client' },
  { file: 'libs/backoffice-simulator/src/boundary-probe.ts', code: "export * from '@washops/client-core';\n", why: 'a simulator imports client-core' },
  { file: 'libs/sim-kit/src/boundary-probe.ts', code: "export * from '@washops/shared-errors';\n", why: 'sim-kit imports shared-errors' },
  { file: 'libs/clock/src/boundary-probe.ts', code: "export * from '@washops/shared-errors';\n", why: 'the clock imports shared-errors (it stands below everything)' },
  { file: 'libs/backoffice-client/src/boundary-probe.ts', code: "export * from '@washops/sim-kit';\n", why: 'a client imports sim-kit outside its tests' },
  { file: 'libs/store/src/boundary-probe.ts', code: "export * from '@washops/backoffice-client';\n", why: 'the store imports a client (it stores plain records)' },
  { file: 'libs/backoffice-client/src/boundary-probe.ts', code: "export * from '@washops/store';\n", why: 'a client imports the store (clients stay database-free)' },
  { file: 'libs/backoffice-client/test/boundary-probe.test.ts', code: "export * from '@washops/transactions-simulator';\n", why: 'backoffice code imports transactions code (scope)' },
  { file: 'libs/portal-api/src/boundary-probe.ts', code: "export * from '@washops/backoffice-client';\n", why: 'portal-api imports the BackOffice client (writes go through operations)' },
  { file: 'apps/mcp-server/src/boundary-probe.ts', code: "export * from '@washops/backoffice-client';\n", why: 'the MCP server imports the BackOffice client (writes go through operations)' },
  { file: 'apps/cli/src/boundary-probe.ts', code: "export * from '@washops/backoffice-client';\n", why: 'the command line imports the BackOffice client (writes go through operations)' },
  { file: 'apps/portal/src/boundary-probe.ts', code: "export * from '@washops/backoffice-client';\n", why: 'the portal imports the BackOffice client (writes go through operations)' },
  { file: 'libs/operations/src/boundary-probe.ts', code: "export * from '@washops/portal-api';\n", why: 'operations imports portal-api (it sits below the API)' },
  { file: 'libs/operations/src/boundary-probe.ts', code: "export { initTRPC } from '@trpc/server';\n", why: 'operations imports a framework (tRPC)' },
  { file: 'libs/store/src/boundary-probe.ts', code: "export * from '@washops/operations';\n", why: 'the store imports operations' },
  { file: 'libs/backoffice-client/src/boundary-probe.ts', code: "export * from '@washops/operations';\n", why: 'a client imports operations' },
];
const allowed = [
  { file: 'libs/backoffice-client/test/boundary-probe.test.ts', code: "export * from '@washops/backoffice-simulator';\n", why: 'a client test imports a simulator' },
  { file: 'libs/transactions-client/src/boundary-probe.ts', code: "export * from '@washops/client-core';\n", why: 'a client imports client-core' },
  { file: 'libs/transactions-simulator/src/boundary-probe.ts', code: "export * from '@washops/sim-kit';\n", why: 'a simulator imports sim-kit' },
  { file: 'libs/backoffice-simulator/src/boundary-probe.ts', code: "export * from '@washops/clock';\n", why: 'a simulator imports the clock' },
  { file: 'libs/store/src/boundary-probe.ts', code: "export * from '@washops/clock';\n", why: 'the store imports the clock' },
  { file: 'libs/transactions-client/test/boundary-probe.test.ts', code: "export * from '@washops/sim-kit';\n", why: 'a client test imports sim-kit' },
  { file: 'libs/portal-api/src/boundary-probe.ts', code: "export * from '@washops/store';\n", why: 'portal-api imports the store' },
  { file: 'libs/portal-api/src/boundary-probe.ts', code: "export * from '@washops/operations';\n", why: 'portal-api imports operations' },
  { file: 'libs/portal-api/src/boundary-probe.ts', code: "export * from '@washops/transactions-client';\n", why: 'portal-api imports the Data API client (it writes nothing)' },
  { file: 'libs/portal-api/test/boundary-probe.test.ts', code: "export * from '@washops/backoffice-client';\n", why: 'a portal-api test imports the BackOffice client' },
  { file: 'libs/operations/src/boundary-probe.ts', code: "export * from '@washops/backoffice-client';\n", why: 'operations imports the BackOffice client' },
  { file: 'libs/operations/src/boundary-probe.ts', code: "export * from '@washops/store';\n", why: 'operations imports the store' },
];

const eslint = new ESLint();
let failed = 0;
async function boundaryMessages({ file, code }) {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).filter((m) => m.ruleId === '@nx/enforce-module-boundaries');
}
for (const probe of probes) {
  const hits = await boundaryMessages(probe);
  if (hits.length === 0) {
    failed++;
    console.error(`✗ not caught: ${probe.why} (${probe.file})`);
  } else {
    console.log(`✓ lint rejects: ${probe.why} — ${hits[0].message.split('\n')[0]}`);
  }
}
for (const probe of allowed) {
  const hits = await boundaryMessages(probe);
  if (hits.length > 0) {
    failed++;
    console.error(`✗ wrongly rejected: ${probe.why}: ${hits[0].message}`);
  } else {
    console.log(`✓ lint allows: ${probe.why}`);
  }
}
if (failed > 0) {
  console.error(`${failed} boundary check(s) failed`);
  process.exit(1);
}
console.log('module boundaries: every deliberate violation fails lint');
