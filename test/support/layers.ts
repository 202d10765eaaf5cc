// The layers of src/ and what each may import, as ../shared/DESIGN.md and docs/architecture.md
// draw them, from the bottom up. test/layers.test.ts holds every import in src/ against this.

export type Layer =
  | 'config' | 'errors' | 'backoff' | 'chess' | 'search' | 'vision' | 'picture' | 'input' | 'log' | 'terminal' | 'workers' | 'engine' | 'games' | 'mate' | 'queue'
  | `adapters/${string}` | 'top';

/** The layers in src/ (besides each adapter), and where each lives. */
const PLACES: ReadonlyArray<[Layer, RegExp]> = [
  ['top', /^src\/(main|app|cli|worker|queueing)\.ts$/],
  ['queue', /^src\/queue\//],
  ['mate', /^src\/mate\//],
  ['games', /^src\/games\//],
  ['engine', /^src\/engine\//],
  ['workers', /^src\/workers\//],
  ['search', /^src\/search\//],
  ['chess', /^src\/chess\//],
  ['vision', /^src\/vision\//],
  ['picture', /^src\/picture\//],
  ['input', /^src\/input\//],
  ['log', /^src\/log\.ts$/],
  ['terminal', /^src\/terminal\//],
  ['errors', /^src\/errors\.ts$/],
  ['backoff', /^src\/backoff\.ts$/],
  ['config', /^src\/config\//],
];

/** The layers each may import, its own aside. Adapters may import any of BELOW_ADAPTERS. */
const MAY_IMPORT: Readonly<Record<Exclude<Layer, `adapters/${string}` | 'top'>, readonly Layer[]>> = {
  // The configuration's messages share the error lines' helpers (a "did you mean").
  config: ['errors'],
  errors: [],
  // Waiting between a server's failures (timers only): the bots' adapters share it.
  backoff: [],
  // The rules quote a FEN's parts in their errors as every message quotes input.
  chess: ['errors'],
  search: ['chess'],
  // Pixels in, squares out: nothing of the rules, nothing of the outside.
  vision: [],
  // Bytes to pixels (the decoding at the edge), with its limits.
  picture: ['vision', 'input', 'chess', 'errors'],
  input: ['chess', 'vision', 'errors'],
  log: ['config', 'errors'],
  // What the front ends at a terminal share (the live status line): text and a clock, nothing else.
  terminal: [],
  workers: ['chess', 'search'],
  // Only the engine client knows how a search reaches a thread.
  engine: ['workers', 'search', 'chess', 'config', 'errors'],
  games: ['engine', 'search', 'chess', 'config', 'log', 'errors'],
  mate: ['engine', 'search', 'chess', 'input', 'errors'],
  // The queue is one more engine client, and the store of what bot processes share.
  queue: ['mate', 'engine', 'search', 'chess', 'config', 'log', 'errors'],
};

/** What an adapter may import besides itself: everything below it but the threads. */
const BELOW_ADAPTERS: readonly Layer[] = [
  'queue', 'mate', 'games', 'engine', 'search', 'chess', 'vision', 'picture', 'input', 'log', 'terminal', 'errors', 'backoff', 'config',
];

/**
 * The Node modules and packages each layer below the adapters may use; for the pure ones (chess,
 * search, errors, input) only pure computation, so none but input's PGN parser. Adapters and the top may use any: they are where the outside is.
 */
const PACKAGES: Readonly<Partial<Record<Layer, readonly string[]>>> = {
  config: ['dotenv', 'zod', 'node:fs', 'node:module', 'node:os', 'node:path', 'node:url'],
  log: ['node:stream'],
  terminal: ['node:perf_hooks'],
  // node:fs only to tell whether a fresh build exists (build.js).
  workers: ['node:fs', 'node:os', 'node:perf_hooks', 'node:url', 'node:v8', 'node:worker_threads', 'tsx/esm/api'],
  engine: ['node:fs', 'node:perf_hooks'],
  // Lichess's own vocabulary (decline reasons), as types only.
  games: ['@lichess-org/types', 'node:perf_hooks'],
  // A PGN's syntax read by a well-kept parser (pure: text in, moves out); the moves are ours to play.
  input: ['chessops/pgn'],
  mate: ['node:perf_hooks'],
  // A picture's bytes decoded by a well-kept library (libvips, shipped inside the npm package).
  picture: ['sharp', 'node:fs/promises'],
  queue: ['bullmq', 'ioredis', 'node:crypto', 'node:os', 'node:perf_hooks'],
};
const PURE: readonly Layer[] = ['chess', 'search', 'vision', 'errors', 'input'];

/** The layer of a module (its path from the repository's root), or null when the plan has no place for it. */
export function layerOf(path: string): Layer | null {
  const adapter = /^src\/adapters\/([^/]+)\//.exec(path);
  if (adapter) return `adapters/${adapter[1]}`;
  return PLACES.find(([, where]) => where.test(path))?.[0] ?? null;
}

export interface SourceImport {
  /** The importing module, from the repository's root ("src/chess/fen.ts"). */
  readonly from: string;
  /** The imported module from the repository's root, or a package or `node:` module's name. */
  readonly to: string;
  readonly line: number;
}

/** The rules `found` breaks, one line each ("chess/fen.ts:3 imports node:fs: …"). */
export function findViolations(found: readonly SourceImport[]): string[] {
  const violations: string[] = [];
  for (const { from, to, line } of found) {
    const layer = layerOf(from);
    const problem = layer === null ? `${from} has no layer` : ruleBroken(layer, to);
    if (problem) violations.push(`${from}:${line} imports ${to}: ${problem}`);
  }
  return violations;
}

function ruleBroken(layer: Layer, to: string): string | null {
  const local = to.startsWith('.') || to.startsWith('src/') || to.includes('.ts') || to === 'package.json';
  if (!local) {
    const allowed = PACKAGES[layer];
    if (PURE.includes(layer) && !allowed?.includes(to)) return `${layer} is pure computation: no ${to}`;
    return allowed === undefined || allowed.includes(to) ? null : `${layer} may not use ${to} (only ${allowed.join(', ') || 'nothing outside'})`;
  }
  if (!to.startsWith('src/')) return `${layer} reaches outside src/`;
  const target = layerOf(to);
  if (target === null) return `${to} has no layer`;
  if (target === layer || layer === 'top') return null;
  const allowed = layer.startsWith('adapters/') ? BELOW_ADAPTERS : MAY_IMPORT[layer as keyof typeof MAY_IMPORT];
  return allowed.includes(target) ? null : `${layer} may not import ${target}`;
}

/** The module specifiers imported by `text`: static, dynamic with a literal, re-exports, type-only. */
export function sourceImports(text: string): Array<{ specifier: string; line: number }> {
  // Comments out, line breaks kept so that line numbers stay true.
  const code = text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/\/\/[^\n]*/g, '');
  const found: Array<{ specifier: string; line: number }> = [];
  const pattern = /(?:\bimport\s*(?:type\s+)?(?:[\w*{}\s,]+?\s+from\s+)?|\bexport\s+(?:type\s+)?[\w*{}\s,]+?\s+from\s+|\bimport\s*\(\s*)(['"])([^'"\n]+)\1/g;
  for (const match of code.matchAll(pattern)) {
    found.push({ specifier: match[2]!, line: code.slice(0, match.index).split('\n').length });
  }
  return found;
}
