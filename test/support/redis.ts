// A real redis-server for the tests that need one: Debian's binary, started on a free loopback
// port with no persistence (or with it, to survive a restart), in a directory of its own.
// Stoppable and restartable on the same port, to test what happens when Redis goes away.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret } from '../../src/config/secret.ts';
import { redisOptions } from '../../src/queue/connection.ts';
import { freePort } from './ports.ts';

export interface RedisServer {
  readonly port: number;
  /** redis://127.0.0.1:PORT */
  readonly url: string;
  /** Ioredis options for it. */
  readonly connection: ReturnType<typeof redisOptions>;
  /** Kills the server (SIGKILL): clients see the connection drop. */
  kill(): Promise<void>;
  /** Starts it again on the same port (with the data saved before a kill, when `persist`). */
  restart(): Promise<void>;
  /** Stops it for good and removes its directory. */
  close(): Promise<void>;
}

/**
 * Whether redis-server is installed: the tests that need it are skipped on a developer's machine
 * without it, never in CI (CI=true), where its absence must fail them.
 */
export function hasRedisServer(): boolean {
  if (process.env.CI) return true;
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export async function startRedis(options: { persist?: boolean; password?: string } = {}): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'chessbot-redis-'));
  let child: ChildProcess | null = null;
  const args = [
    '--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '',
    '--appendonly', options.persist ? 'yes' : 'no', '--appendfsync', 'always',
    ...(options.password ? ['--requirepass', options.password] : []),
  ];
  const start = async () => {
    const started = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += String(chunk);
        if (output.includes('Ready to accept connections')) resolve();
      };
      started.stdout!.on('data', onData);
      started.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output.slice(-500)}`)));
      started.once('error', reject);
    });
  };
  const kill = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  const url = `redis://${options.password ? `:${encodeURIComponent(options.password)}@` : ''}127.0.0.1:${port}`;
  return {
    port,
    url,
    connection: redisOptions(new Secret(url)),
    kill,
    restart: start,
    async close() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

