// `chessbot mate --queue`: the search goes to the job queue's workers over a real redis-server on
// loopback (an in-process solver here, splitting after a few thousand nodes), and the answer
// printed is the one this process's own solver gives; with no worker running it says so.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandLineError } from '../../../src/adapters/cli/command.ts';
import { EXIT_MATE, EXIT_NO_MATE, EXIT_QUEUE, type MateCliEngine, createMateCommand, parseMateArguments } from '../../../src/adapters/cli/mate.ts';
import { runCli } from '../../../src/adapters/cli/main.ts';
import { InlineEngine, type LocalEngine, localEngine } from '../../../src/engine/index.ts';
import { QueuedEngine } from '../../../src/queue/queuedEngine.ts';
import { type Solver, startSolver } from '../../../src/queue/solver.ts';
import { type RedisServer, hasRedisServer, startRedis } from '../../support/redis.ts';

/** Public suite #24: a mate in 4 with two keys, split by a solver that splits after 5,000 nodes. */
const TWO_KEYS = '3bN1n1/1pp5/4p2p/1P1kP3/1B4N1/rpPB2p1/p3K3/8 w - - 0 1';

async function cli(argv: string[], queue: () => MateCliEngine) {
  let stdout = '';
  let stderr = '';
  const command = createMateCommand({ engine: () => new InlineEngine(), queue });
  const out = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } };
  const status = await runCli(['mate', ...argv], out, [command], 'chessbot 0.0.0');
  return { status, stdout, stderr };
}

/** The JSON answer less what differs between solvers: nodes and time. */
function answer(stdout: string): unknown {
  const { nodes: _nodes, ms: _ms, ...rest } = JSON.parse(stdout) as Record<string, unknown>;
  return rest;
}

describe('parseMateArguments --queue', () => {
  it('reads --queue, and refuses --threads beside it', () => {
    expect(parseMateArguments([TWO_KEYS, '4', '--queue']).queue).toBe(true);
    expect(parseMateArguments([TWO_KEYS, '4']).queue).toBe(false);
    expect(() => parseMateArguments([TWO_KEYS, '4', '--queue', '--threads', '2'])).toThrow(CommandLineError);
  });
});

describe.skipIf(!hasRedisServer())('chessbot mate --queue over a real Redis', () => {
  let redis: RedisServer;
  let engine: LocalEngine;
  let solver: Solver;
  const name = 'cli-queue';
  const queued = () => new QueuedEngine({ connection: redis.connection, name });

  beforeAll(async () => {
    redis = await startRedis();
    engine = localEngine({ threads: 1, preload: ['mate'] });
    solver = startSolver({ connection: redis.connection, name, engine, splitAfterNodes: 5_000 });
    await solver.ready();
  });
  afterAll(async () => {
    await solver.close();
    await engine.close();
    await redis.close();
  });

  it('prints the answer this process would give, mate and no mate', async () => {
    for (const [n, exit] of [['4', EXIT_MATE], ['3', EXIT_NO_MATE]] as const) {
      const here = await cli([TWO_KEYS, n, '--json', '--tree'], queued);
      const there = await cli([TWO_KEYS, n, '--json', '--tree', '--queue'], queued);
      expect(there.stderr).toBe('');
      expect([there.status, here.status]).toEqual([exit, exit]);
      expect(answer(there.stdout)).toEqual(answer(here.stdout));
    }
  });

  it('says when no worker is running on the queue', async () => {
    const { status, stderr } = await cli([TWO_KEYS, '4', '--queue'], () => new QueuedEngine({ connection: redis.connection, name: 'nobody-here' }));
    expect(status).toBe(EXIT_QUEUE);
    expect(stderr).toMatch(/no solver worker is running/);
  });
});
