// Preloaded (`node --import`) into the portal and the MCP server by the secret canary. Both run in
// tenant mode, with credentials from the environment exactly as deployed; this module only sends the
// tenant's https origins to the local simulators, the way a hosts-file entry would, so that no request
// leaves the machine. TENANT_ROUTES is a JSON object of origin → simulator origin (no secrets in it).
// Any other sonnyscontrols.com origin is refused rather than reached.

const routes = new Map(Object.entries(JSON.parse(process.env['TENANT_ROUTES'] ?? '{}')));
const originalFetch = globalThis.fetch;

function urlOf(input) {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

globalThis.fetch = function routedFetch(input, init) {
  const url = new URL(urlOf(input));
  const target = routes.get(url.origin);
  if (target === undefined) {
    if (url.hostname.endsWith('sonnyscontrols.com')) {
      return Promise.reject(new TypeError(`tenant-routes: no local route for ${url.origin}`));
    }
    return originalFetch(input, init);
  }
  const routed = new URL(url.pathname + url.search, target).href;
  return originalFetch(input instanceof Request ? new Request(routed, input) : routed, init);
};
