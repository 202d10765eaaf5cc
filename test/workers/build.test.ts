// The build (scripts/build.mjs, run by npm ci): when the launcher and the pool use it (a build
// older than any source file never is), that a build over an older one leaves none of the older
// chunks, and that the built command line and worker answer as the sources do, finding the
// project's package.json and configuration from their place in dist/.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshBuild, importEntry } from '../../src/workers/build.js';

const ROOT = join(import.meta.dirname, '..', '..');
const MATE_IN_1 = '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1';

describe('freshBuild', () => {
  let root: string;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'chessbot-build-'));
    mkdirSync(join(root, 'src', 'chess'), { recursive: true });
    writeFileSync(join(root, 'src', 'chess', 'fen.ts'), '');
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const at = (path: string, seconds: number) => utimesSync(join(root, path), seconds, seconds);

  it('finds no build before one is made', () => {
    expect(freshBuild('cli.js', pathToFileURL(`${root}/`))).toBeNull();
  });

  it('uses a build newer than every source file, and never one older than any', () => {
    mkdirSync(join(root, 'dist'), { recursive: true });
    writeFileSync(join(root, 'dist', 'cli.js'), '');
    at('src/chess/fen.ts', 1_000);
    at('dist/cli.js', 2_000);
    expect(freshBuild('cli.js', pathToFileURL(`${root}/`))?.href).toBe(pathToFileURL(join(root, 'dist', 'cli.js')).href);
    // A source edited after the build, however deep.
    at('src/chess/fen.ts', 3_000);
    expect(freshBuild('cli.js', pathToFileURL(`${root}/`))).toBeNull();
  });

  it('has the launchers (npm start, chessbot) import the build when fresh, else the sources', async () => {
    writeFileSync(join(root, 'tsconfig.json'), '{}\n');
    writeFileSync(join(root, 'src', 'main.ts'), "export const from: string = 'sources';\n");
    writeFileSync(join(root, 'dist', 'main.js'), "export const from = 'build';\n");
    at('src/main.ts', 1_000);
    at('src/chess/fen.ts', 1_000);
    at('dist/main.js', 4_000);
    expect(await importEntry('main', pathToFileURL(`${root}/`))).toMatchObject({ from: 'build' });
    at('src/main.ts', 5_000);
    expect(await importEntry('main', pathToFileURL(`${root}/`))).toMatchObject({ from: 'sources' });
  });
});

describe('what each entry point loads before it answers', () => {
  // The modules a start-up evaluates: those its entries import statically, and theirs, down the
  // tree (a dynamic import() is loaded only when its code runs). The weight of a cold start.
  async function loadedBy(entries: string[]): Promise<Set<string>> {
    const result = await build({
      entryPoints: entries.map((entry) => join(ROOT, entry)), bundle: true, write: false, metafile: true, outdir: 'unused',
      platform: 'node', format: 'esm', packages: 'external', splitting: true, logLevel: 'silent', absWorkingDir: ROOT,
    });
    const { inputs } = result.metafile;
    const loaded = new Set<string>();
    const visit = (path: string) => {
      if (loaded.has(path)) return;
      loaded.add(path);
      for (const found of inputs[path]?.imports ?? []) if (found.kind === 'import-statement') visit(found.path);
    };
    for (const entry of entries) visit(entry);
    return loaded;
  }
  const NETWORK = 'src/search/play/nnue/defaultNetwork.ts';
  const BOT_CLIENTS = ['discord.js', 'undici', 'bullmq', 'ioredis', '@resvg/resvg-js'];

  it('chessbot mate: the solver alone, without the game engine\'s network, the config schema or a bot client', async () => {
    // runCommandLine(['mate', …]) imports the command and, for one thread, the inline engine.
    const loaded = await loadedBy(['src/cli.ts', 'src/adapters/cli/mate.ts', 'src/engine/inline.ts']);
    expect(loaded).toContain('src/search/mate/solver.ts');
    for (const heavy of [NETWORK, 'zod', ...BOT_CLIENTS]) expect(loaded, heavy).not.toContain(heavy);
  });

  it('npm start with no token: the console, without the network or a bot client', async () => {
    const loaded = await loadedBy(['src/main.ts']);
    expect(loaded).toContain('src/adapters/console/console.ts');
    for (const heavy of [NETWORK, ...BOT_CLIENTS]) expect(loaded, heavy).not.toContain(heavy);
  });

  it('a worker thread: the game engine only for a play job (or when told to preload it)', async () => {
    const worker = await loadedBy(['src/workers/worker.ts']);
    expect(worker).toContain('src/workers/mateJob.ts');
    expect(worker).not.toContain(NETWORK);
    expect(await loadedBy(['src/workers/playJob.ts'])).toContain(NETWORK);
  });
});

describe('the built program', () => {
  // Built inside the project (so that packages and package.json are found as from dist/), in a
  // folder of this test's own: the project's dist/ may be in use by other tests.
  const outdir = join(ROOT, 'node_modules', '.cache', `chessbot-build-test-${process.pid}`);
  const node = (script: string, input?: string) =>
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', input, timeout: 30_000 });
  const run = (args: string[], input?: string) =>
    node(
      `const { runCommandLine } = await import(${JSON.stringify(pathToFileURL(join(outdir, 'cli.js')).href)});` +
        `process.exitCode = await runCommandLine(${JSON.stringify(args)});`,
      input,
    );

  beforeAll(() => {
    // Left by an older build: a chunk this one does not make (its name is another hash), and a
    // file that is no build output.
    mkdirSync(outdir, { recursive: true });
    writeFileSync(join(outdir, 'chunk-OLDER000.js'), 'export {};\n');
    writeFileSync(join(outdir, 'chunk-OLDER000.js.map'), '{}\n');
    writeFileSync(join(outdir, 'notes.txt'), 'kept\n');
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--outdir', relative(ROOT, outdir)], { cwd: ROOT, timeout: 60_000 });
  }, 90_000);

  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('solves a problem in this thread, and knows its name from package.json', () => {
    expect(run(['mate', MATE_IN_1, '1'])).toMatch(/\nMate in 1: 1\. Ra8#\n/);
    expect(run(['--version'])).toMatch(/^chessbot \d+\.\d+\.\d+\n$/);
  });

  it('takes away the chunks of an older build, and nothing else of the folder', () => {
    expect(existsSync(join(outdir, 'chunk-OLDER000.js'))).toBe(false);
    expect(existsSync(join(outdir, 'chunk-OLDER000.js.map'))).toBe(false);
    expect(existsSync(join(outdir, 'notes.txt'))).toBe(true);
    expect(existsSync(join(outdir, 'cli.js'))).toBe(true);
  });

  it('runs npm start\'s console, its searches in worker threads built beside it', () => {
    const output = execFileSync(process.execPath, [join(outdir, 'main.js')], {
      cwd: ROOT, encoding: 'utf8', input: `/mate "${MATE_IN_1}" 1\n`, timeout: 30_000, env: { PATH: process.env.PATH ?? '' },
    });
    expect(output).toMatch(/\nMate in 1: 1\. Ra8#\n/);
  });

  it('searches in a worker thread built beside it (UCI)', () => {
    const output = run(['uci'], `position fen ${MATE_IN_1}\ngo depth 3\nquit\n`);
    expect(output).toMatch(/^bestmove a1a8$/m);
  });
});
