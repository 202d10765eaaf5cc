// The house holds its shape (../shared/DESIGN.md, docs/architecture.md): every import in src/
// points down the layers, the rules core and the search core import nothing but themselves, only
// the engine client knows the worker threads, no adapter imports another, and only src/config
// reads the environment. Type-only imports count: a type couples two modules as much as a value.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Layer, type SourceImport, findViolations, layerOf, sourceImports } from './support/layers.ts';

const ROOT = join(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|js)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every import of every module in src/, resolved to a path from the root (or a package name). */
function importsOfSrc(): SourceImport[] {
  return sourceFiles(SRC).flatMap((file) =>
    sourceImports(readFileSync(file, 'utf8')).map((found) => ({
      from: relative(ROOT, file),
      to: found.specifier.startsWith('.') ? relative(ROOT, resolve(dirname(file), found.specifier)) : found.specifier,
      line: found.line,
    })),
  );
}

describe('the layers of src/', () => {
  const imports = importsOfSrc();

  it('finds the imports it checks', () => {
    // A parser that found nothing would pass every rule.
    expect(imports.length).toBeGreaterThan(300);
    expect(imports).toContainEqual(expect.objectContaining({ from: 'src/app.ts', to: 'src/engine/local.ts' }));
  });

  it('places every module in a layer', () => {
    const unplaced = sourceFiles(SRC).map((file) => relative(ROOT, file)).filter((path) => layerOf(path) === null);
    expect(unplaced).toEqual([]);
  });

  it('has no import that breaks a rule', () => {
    expect(findViolations(imports)).toEqual([]);
  });

  it('reads the environment only in src/config', () => {
    const readers = sourceFiles(SRC)
      .filter((file) => /process\.env\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file))
      .filter((path) => layerOf(path) !== 'config');
    expect(readers).toEqual([]);
  });
});

describe('the rules themselves', () => {
  // Each rule, broken on purpose, is caught: a test that cannot fail proves nothing.
  const broken: Array<[string, string, string, RegExp]> = [
    ['an import up the layers', 'src/chess/position.ts', 'src/games/session.ts', /chess may not import games/],
    ['I/O in the rules core', 'src/chess/fen.ts', 'node:fs', /chess is pure computation: no node:fs/],
    ['a package in the search core', 'src/search/play/search.ts', 'undici', /search is pure computation: no undici/],
    ['an adapter importing another', 'src/adapters/discord/bot.ts', 'src/adapters/lichess/api.ts', /adapters\/discord may not import adapters\/lichess/],
    ['threads outside the engine client', 'src/games/chooseMove.ts', 'src/workers/index.ts', /games may not import workers/],
    ['an adapter importing the threads', 'src/adapters/uci/loop.ts', 'src/workers/pool.ts', /adapters\/uci may not import workers/],
    ['a use case importing an adapter', 'src/mate/search.ts', 'src/adapters/discord/replies.ts', /mate may not import adapters\/discord/],
    ['the lowest layer importing the log', 'src/config/load.ts', 'src/log.ts', /config may not import log/],
    ['a use case talking to a service itself', 'src/mate/search.ts', 'undici', /mate may not use undici/],
    ['a game deciding over HTTP', 'src/games/game.ts', 'discord.js', /games may not use discord\.js/],
    ['I/O in the input layer', 'src/input/pastedPosition.ts', 'node:fs', /input is pure computation: no node:fs/],
    ['a chess library in the rules core', 'src/chess/san.ts', 'chessops/pgn', /chess is pure computation: no chessops\/pgn/],
  ];
  it.each(broken)('catches %s', (_what, from, to, message) => {
    const violations = findViolations([{ from, to, line: 1 }]);
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatch(message);
  });

  it('allows what the plan allows', () => {
    const allowed: Array<[string, string]> = [
      ['src/adapters/discord/bot.ts', 'src/adapters/discord/errors.ts'],
      ['src/adapters/discord/bot.ts', 'src/engine/index.ts'],
      ['src/adapters/lichess/bot.ts', 'src/games/slots.ts'],
      ['src/engine/local.ts', 'src/workers/index.ts'],
      ['src/games/chooseMove.ts', 'src/engine/index.ts'],
      ['src/mate/search.ts', 'src/engine/index.ts'],
      ['src/search/play/search.ts', 'src/chess/position.ts'],
      ['src/app.ts', 'src/adapters/lichess/start.ts'],
      ['src/adapters/discord/bot.ts', 'discord.js'],
      ['src/workers/pool.ts', 'node:worker_threads'],
      ['src/input/pastedPosition.ts', 'chessops/pgn'],
    ];
    expect(findViolations(allowed.map(([from, to]) => ({ from, to, line: 1 })))).toEqual([]);
  });

  it('reads static, dynamic, re-exported and type-only imports, and skips comments', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "export { c } from './c.ts';",
      "export * from './d.ts';",
      'const e = await import(\'./e.ts\');',
      "import './f.ts';",
      "import {\n  g,\n  h,\n} from './gh.ts';",
      "// import { x } from './not-this.ts';",
      "/* import { y } from './nor-this.ts'; */",
    ].join('\n');
    expect(sourceImports(text).map((found) => found.specifier)).toEqual(['./a.ts', '../b.ts', './c.ts', './d.ts', './e.ts', './f.ts', './gh.ts']);
  });

  it('names the layer of each place', () => {
    const layers: Array<[string, Layer | null]> = [
      ['src/main.ts', 'top'], ['src/app.ts', 'top'], ['src/cli.ts', 'top'], ['src/adapters/discord/board/svg.ts', 'adapters/discord'],
      ['src/mate/index.ts', 'mate'], ['src/games/game.ts', 'games'], ['src/engine/client.ts', 'engine'], ['src/workers/bootstrap.js', 'workers'],
      ['src/search/mate/solver.ts', 'search'], ['src/chess/fen.ts', 'chess'], ['src/input/arguments.ts', 'input'], ['src/log.ts', 'log'],
      ['src/errors.ts', 'errors'], ['src/config/load.ts', 'config'], ['src/somewhere/else.ts', null],
    ];
    for (const [path, layer] of layers) expect(layerOf(path), path).toBe(layer);
  });
});
