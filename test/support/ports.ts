// Loopback ports for the tests' own servers and processes.

import { createServer } from 'node:net';

/** A loopback port nothing listens on (yet): one the system just handed out and took back. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
