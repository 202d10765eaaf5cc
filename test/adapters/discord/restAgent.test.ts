// discord.js's REST client keeps working with a board picture to upload when the project's own
// undici (7, the Lichess client's) is loaded in the same process, as it is when both bots run.

// First, as the Lichess client loads it before discord.js in a process that runs both bots.
import 'undici';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REST } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { discordRestAgent } from '../../../src/adapters/discord/restAgent.ts';

describe('discordRestAgent', () => {
  it('carries a multipart upload while undici 7 is loaded in the process', async () => {
    const received: string[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push(`${req.headers['content-type']?.split(';')[0]} ${Buffer.concat(chunks).toString('latin1')}`);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"1"}');
      });
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const rest = new REST({ api: `http://127.0.0.1:${port}/api`, agent: discordRestAgent() as never }).setToken('token');
      const reply = await rest.patch('/webhooks/1/token/messages/@original', {
        body: { content: 'Mate in 1' }, files: [{ name: 'board.png', data: Buffer.from('\x89PNG board') }],
      });
      expect(reply).toEqual({ id: '1' });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^multipart\/form-data /);
      expect(received[0]).toContain('Mate in 1');
      expect(received[0]).toContain('PNG board');
    } finally {
      server.close();
    }
  });
});
