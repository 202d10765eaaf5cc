// `chessbot worker` as a user runs it: a child process against a real redis-server, solving the
// searches a queued engine sends; and its refusals (no REDIS_URL, a bad --threads) as one line
// and status 2.

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueuedEngine } from '../../../src/queue/index.ts';
import { type RedisServer, hasRedisServer, startRedis } from '../../support/redis.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const BIN = join(ROOT, 'bin', 'chessbot.js');
const ENV = { PATH: process.env.PATH ?? '', CHESSBOT_CONFIG: 'config/default.json' };

describe('chessbot worker: refusals', () => {
  it('needs REDIS_URL, and says so in one line with status 2', () => {
    const result = spawnSync(process.execPath, [BIN, 'worker'], { encoding: 'utf8', env: ENV });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/REDIS_URL: not set/);
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  it('refuses a REDIS_URL that is not a redis URL without showing it', () => {
    const result = spawnSync(process.execPath, [BIN, 'worker'], { encoding: 'utf8', env: { ...ENV, REDIS_URL: 'http://:hunter2@host' } });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/REDIS_URL: expected a redis:\/\/ or rediss:\/\/ URL/);
    expect(result.stderr).not.toContain('hunter2');
  });

  it('refuses a bad --threads with the usage hint', () => {
    const result = spawnSync(process.execPath, [BIN, 'worker', '--threads', '0'], { encoding: 'utf8', env: ENV });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--threads must be an integer from 1 to 256, got "0"/);
  });
});

describe.skipIf(!hasRedisServer())('chessbot worker: solving', () => {
  let redis: RedisServer;
  let worker: ChildProcess;
  let stderr = '';
  const queue = 'cliworker';

  beforeAll(async () => {
    redis = await startRedis({ password: 's3cret' });
    const dir = mkdtempSync(join(tmpdir(), 'chessbot-worker-'));
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ queue: { name: queue } }));
    worker = spawn(process.execPath, [BIN, 'worker', '--threads', '1'], {
      env: { ...ENV, REDIS_URL: redis.url, CHESSBOT_CONFIG: join(dir, 'config.json') },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    worker.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  });
  afterAll(async () => {
    if (worker.exitCode === null) worker.kill('SIGKILL');
    await redis.close();
  });

  it('solves what a bot queues, logs without the password, and stops on SIGTERM with status 0', async () => {
    const engine = new QueuedEngine({ connection: redis.connection, name: queue });
    try {
      await engine.ready();
      await expect.poll(() => engine.solvers(), { timeout: 20_000 }).toBe(1);
      const report = await engine.run({ kind: 'mate', fen: 'b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1', maxMoves: 3, mode: 'all' });
      expect(report.keysSan).toEqual(['bxa8=N']);
    } finally {
      await engine.close();
    }
    const exited = new Promise<number | null>((resolve) => worker.once('exit', (code) => resolve(code)));
    worker.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).not.toContain('s3cret');
  }, 30_000);
});
