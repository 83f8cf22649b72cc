// Forwards HTTP on a loopback port to the MCP server's endpoint, adding `Authorization: Bearer $MCP_HTTP_TOKEN`:
// for clients that cannot send a token (the MCP conformance suite). Host, Origin and every other header pass
// unchanged, so the server's own Host and Origin checks still decide. Loopback only; never expose it.
//
//   MCP_HTTP_TOKEN=… node tools/mcp-bearer-proxy.mjs <listen-port> <server-url, e.g. http://127.0.0.1:3333/mcp>
import { createServer, request } from 'node:http';

const [portArg, target] = process.argv.slice(2);
const token = process.env.MCP_HTTP_TOKEN;
if (!portArg || !target || !token) {
  process.stderr.write('usage: MCP_HTTP_TOKEN=… node tools/mcp-bearer-proxy.mjs <listen-port> <server-url>\n');
  process.exit(2);
}
const upstream = new URL(target);

const proxy = createServer((req, res) => {
  const forwarded = request(
    { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, authorization: `Bearer ${token}` } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      res.flushHeaders();
      answer.pipe(res);
    },
  );
  // Either side going away ends the other: a dropped client drops the server's stream too.
  res.once('close', () => forwarded.destroy());
  forwarded.once('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(forwarded);
});
proxy.listen(Number(portArg), '127.0.0.1', () => process.stderr.write(`forwarding http://127.0.0.1:${portArg} to ${upstream.href} with the bearer token\n`));
