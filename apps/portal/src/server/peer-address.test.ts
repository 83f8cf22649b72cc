import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PEER_ADDRESS_HEADER } from '@washops/portal-api';
import { afterAll, describe, expect, it } from 'vitest';
import { stampPeerAddresses } from './peer-address';

let server: Server | undefined;

afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe('stampPeerAddresses', () => {
  it('gives every request its socket address, overwriting a copy the client sent', async () => {
    stampPeerAddresses();
    stampPeerAddresses();
    server = createServer((req, res) => res.end(String(req.headers[PEER_ADDRESS_HEADER])));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { [PEER_ADDRESS_HEADER]: '10.9.9.9', 'x-forwarded-for': '10.9.9.9' } });
    expect(await response.text()).toBe('127.0.0.1');
  });
});
