import { type AddressInfo, createServer } from 'node:net';

/** A loopback port nothing listens on, so a server started by a script never collides with another. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((listening) => probe.listen(0, '127.0.0.1', listening));
  const { port } = probe.address() as AddressInfo;
  await new Promise((closed) => probe.close(closed));
  return port;
}
