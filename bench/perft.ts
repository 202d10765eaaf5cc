// Perft speed: our move generator against chessops' on the six standard perft positions, both
// measured in this run on this machine, both with bulk counting at the leaves (the last ply counts
// the legal moves instead of playing them).
//
//   npm run bench:perft                      a table
//   npm run bench:perft -- --json            the same figures as JSON
//   npm run bench:perft -- --repeat 5 --target-ms 3000
//
// Both engines are warmed up. Then, per position, both run to the same depth: the one that takes
// chessops about --target-ms (extrapolated from the previous depth's time and the published
// counts); the ratio compares those two runs. Ours is also run alone at the depth that takes it
// about --target-ms. Every figure is the best of --repeat runs (more for runs under ~0.5 s).
// Every count is checked against the published one, so both engines do exactly the same work;
// a wrong count exits with status 1.
// Timing never fails the run.

import { Chess } from 'chessops/chess';
import { perft as chessopsDebugPerft } from 'chessops/debug';
import { parseFen as chessopsParseFen } from 'chessops/fen';
import { SquareSet } from 'chessops/squareSet';
import type { Role } from 'chessops/types';
import { parseFen } from '../src/chess/fen.ts';
import { perft } from '../src/chess/perft.ts';

interface Case {
  name: string;
  fen: string;
  /** Published perft counts, index = depth (https://www.chessprogramming.org/Perft_Results). */
  counts: number[];
}

const CASES: Case[] = [
  {
    name: 'start',
    fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    counts: [1, 20, 400, 8902, 197281, 4865609, 119060324, 3195901860],
  },
  {
    name: 'kiwipete',
    fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    counts: [1, 48, 2039, 97862, 4085603, 193690690, 8031647685],
  },
  {
    name: 'position 3',
    fen: '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
    counts: [1, 14, 191, 2812, 43238, 674624, 11030083, 178633661, 3009794393],
  },
  {
    name: 'position 4',
    fen: 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
    counts: [1, 6, 264, 9467, 422333, 15833292, 706045033],
  },
  {
    name: 'position 5',
    fen: 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
    counts: [1, 44, 1486, 62379, 2103487, 89941194],
  },
  {
    name: 'position 6',
    fen: 'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
    counts: [1, 46, 2079, 89890, 3894594, 164075551, 6923051137],
  },
];

// ---- chessops' perft ----

const PROMOTIONS: Role[] = ['queen', 'rook', 'bishop', 'knight'];
const BACK_RANKS = SquareSet.backranks();

/**
 * Perft with chessops' public API: legal destinations per piece (allDests), children played on
 * clones. At depth 1 it counts destinations, four per promoting pawn move, without playing them.
 */
function chessopsPerft(pos: Chess, depth: number): number {
  if (depth < 1) return 1;
  const dests = pos.allDests(pos.ctx());
  let nodes = 0;
  if (depth === 1) {
    for (const [from, to] of dests) {
      nodes += to.size();
      if (pos.board.pawn.has(from)) nodes += 3 * to.intersect(BACK_RANKS).size();
    }
    return nodes;
  }
  for (const [from, targets] of dests) {
    const pawn = pos.board.pawn.has(from);
    for (const to of targets) {
      if (pawn && BACK_RANKS.has(to)) {
        for (const promotion of PROMOTIONS) {
          const child = pos.clone();
          child.play({ from, to, promotion });
          nodes += chessopsPerft(child, depth - 1);
        }
      } else {
        const child = pos.clone();
        child.play({ from, to });
        nodes += chessopsPerft(child, depth - 1);
      }
    }
  }
  return nodes;
}

const chessopsPosition = (fen: string): Chess => Chess.fromSetup(chessopsParseFen(fen).unwrap()).unwrap();

// ---- measuring ----

interface Engine {
  name: string;
  /** Counts the leaves at `depth` from a fresh position (setup is outside the timed part). */
  prepare(fen: string): (depth: number) => number;
}

const OURS: Engine = {
  name: 'ours',
  prepare(fen) {
    const pos = parseFen(fen);
    return (depth) => perft(pos, depth);
  },
};

const CHESSOPS: Engine = {
  name: 'chessops',
  prepare(fen) {
    const pos = chessopsPosition(fen);
    return (depth) => chessopsPerft(pos, depth);
  },
};

interface Measurement {
  depth: number;
  nodes: number;
  /** The best (lowest) wall time of the repeated runs, in milliseconds. */
  ms: number;
  nps: number;
}

class CountMismatch extends Error {}

function timed(run: (depth: number) => number, depth: number, expected: number, what: string): number {
  const start = performance.now();
  const nodes = run(depth);
  const ms = performance.now() - start;
  if (nodes !== expected) throw new CountMismatch(`${what} depth ${depth}: counted ${nodes}, published ${expected}`);
  return ms;
}

/**
 * The depth whose run takes nearest `targetMs` (on a log scale, and at most twice it): climbs
 * depth by depth, extrapolating each next time from the last one and the published counts.
 */
function chooseDepth(engine: Engine, testCase: Case, targetMs: number): { depth: number; ms: number } {
  const run = engine.prepare(testCase.fen);
  const what = `${engine.name} on ${testCase.name}`;
  const { counts } = testCase;
  let depth = 1;
  let ms = timed(run, depth, counts[depth], what);
  while (depth + 1 < counts.length) {
    // Times of a few milliseconds say little; extrapolate only from ~20 ms of work or more.
    const predicted = ms * (counts[depth + 1] / counts[depth]);
    if (ms > 20) {
      if (predicted > 2 * targetMs) break;
      if (ms >= targetMs || Math.abs(Math.log(ms / targetMs)) < Math.abs(Math.log(predicted / targetMs))) break;
    }
    depth++;
    ms = timed(run, depth, counts[depth], what);
  }
  return { depth, ms };
}

/** Short runs are repeated beyond `repeat` until this much time is spent, for a steadier best. */
const MIN_SPENT_MS = 500;

/**
 * The best of `repeat` runs at `depth` (counting an earlier run's time `done`, if one was made),
 * or of more runs when they are short.
 */
function measure(engine: Engine, testCase: Case, depth: number, repeat: number, done?: number): Measurement {
  const what = `${engine.name} on ${testCase.name}`;
  const nodes = testCase.counts[depth];
  let best = done ?? Infinity;
  let spent = done ?? 0;
  for (let i = done === undefined ? 0 : 1; i < repeat || (spent < MIN_SPENT_MS && i < 100); i++) {
    const ms = timed(engine.prepare(testCase.fen), depth, nodes, what);
    best = Math.min(best, ms);
    spent += ms;
  }
  return { depth, nodes, ms: best, nps: nodes / (best / 1000) };
}

/** Runs both engines on every position at a small depth, so the JIT has compiled the hot paths. */
function warmUp(): void {
  for (const testCase of CASES) {
    const depth = Math.min(4, testCase.counts.length - 1);
    for (const engine of [OURS, CHESSOPS]) {
      const run = engine.prepare(testCase.fen);
      timed(run, depth, testCase.counts[depth], `${engine.name} on ${testCase.name} (warm-up)`);
    }
    // Our chessops perft must agree with chessops' own (debug.perft) as well as with the counts.
    const own = chessopsDebugPerft(chessopsPosition(testCase.fen), 3);
    if (own !== testCase.counts[3]) throw new CountMismatch(`chessops debug.perft on ${testCase.name}: ${own}`);
  }
}

// ---- output ----

interface Row {
  position: string;
  /** Both engines at the same depth (the one that takes chessops about the target time). */
  ours: Measurement;
  chessops: Measurement;
  /** ours.nps / chessops.nps: the same nodes, so the inverse ratio of the times. */
  ratio: number;
  /** Ours alone at the depth that takes it about the target time. */
  oursDeeper: Measurement;
}

function parseArguments(argv: string[]): { json: boolean; repeat: number; targetMs: number } {
  const options = { json: false, repeat: 3, targetMs: 1500 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const number = Number(argv[++i]);
      if (!Number.isFinite(number) || number <= 0) usage(`${arg} needs a positive number`);
      return number;
    };
    if (arg === '--json') options.json = true;
    else if (arg === '--repeat') options.repeat = Math.max(1, Math.round(value()));
    else if (arg === '--target-ms') options.targetMs = value();
    else usage(`unknown argument "${arg}"`);
  }
  return options;
}

function usage(problem: string): never {
  console.error(`bench/perft.ts: ${problem}\nusage: npm run bench:perft -- [--json] [--repeat N] [--target-ms T]`);
  process.exit(2);
}

const mn = (nps: number): string => (nps / 1e6).toFixed(2);

function printTable(rows: Row[], total: Row, repeat: number, targetMs: number): void {
  const header = ['position', 'depth', 'nodes', 'ms', 'M nodes/s', 'ms', 'M nodes/s', 'ours/chessops', 'depth', 'nodes', 'ms', 'M nodes/s'];
  const line = (row: Row) => [
    row.position,
    row.ours.depth ? String(row.ours.depth) : '',
    String(row.ours.nodes),
    row.ours.ms.toFixed(0),
    mn(row.ours.nps),
    row.chessops.ms.toFixed(0),
    mn(row.chessops.nps),
    `${row.ratio.toFixed(2)}x`,
    row.oursDeeper.depth ? String(row.oursDeeper.depth) : '',
    String(row.oursDeeper.nodes),
    row.oursDeeper.ms.toFixed(0),
    mn(row.oursDeeper.nps),
  ];
  const table = [header, ...rows.map(line), line(total)];
  const widths = header.map((_, c) => Math.max(...table.map((cells) => cells[c].length)));
  const format = (cells: string[]) => cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  const span = (from: number, to: number) => widths.slice(from, to).reduce((a, b) => a + b + 2, -2);
  const group = (title: string, from: number, to: number) => title.padEnd(span(from, to));
  console.log(`perft with bulk counting at the leaves, best of ${repeat} runs (more when short), node ${process.version} ${process.arch}`);
  console.log('Both engines run the same positions to the same depth (the one taking chessops ~' + `${targetMs} ms); ours also alone, deeper.`);
  console.log([
    ''.padEnd(span(0, 3)), group('ours', 3, 5), group('chessops 0.15.1', 5, 7), ''.padEnd(widths[7]), group('ours, deeper', 8, 12),
  ].join('  '));
  console.log(format(header));
  rows.forEach((row) => console.log(format(line(row))));
  console.log(format(line(total)));
}

function total(rows: Row[]): Row {
  const sum = (pick: (row: Row) => Measurement): Measurement => {
    const nodes = rows.reduce((s, row) => s + pick(row).nodes, 0);
    const ms = rows.reduce((s, row) => s + pick(row).ms, 0);
    return { depth: 0, nodes, ms, nps: nodes / (ms / 1000) };
  };
  const ours = sum((row) => row.ours);
  const chessops = sum((row) => row.chessops);
  return { position: 'total', ours, chessops, ratio: ours.nps / chessops.nps, oursDeeper: sum((row) => row.oursDeeper) };
}

function main(): void {
  const { json, repeat, targetMs } = parseArguments(process.argv.slice(2));
  try {
    warmUp();
    const rows: Row[] = CASES.map((testCase) => {
      const chosen = chooseDepth(CHESSOPS, testCase, targetMs);
      const chessops = measure(CHESSOPS, testCase, chosen.depth, repeat, chosen.ms);
      const ours = measure(OURS, testCase, chosen.depth, repeat);
      const deeper = chooseDepth(OURS, testCase, targetMs);
      const oursDeeper = measure(OURS, testCase, deeper.depth, repeat, deeper.ms);
      return { position: testCase.name, ours, chessops, ratio: ours.nps / chessops.nps, oursDeeper };
    });
    const all = total(rows);
    if (json) {
      const round = (m: Measurement) => ({ ...(m.depth ? { depth: m.depth } : {}), nodes: m.nodes, ms: Math.round(m.ms), nps: Math.round(m.nps) });
      const out = (row: Row) => ({
        position: row.position,
        ours: round(row.ours),
        chessops: round(row.chessops),
        ratio: Number(row.ratio.toFixed(3)),
        oursDeeper: round(row.oursDeeper),
      });
      console.log(JSON.stringify({ repeat, targetMs, node: process.version, rows: rows.map(out), total: out(all) }, null, 2));
    } else {
      printTable(rows, all, repeat, targetMs);
    }
  } catch (error) {
    if (!(error instanceof CountMismatch)) throw error;
    console.error(`perft count mismatch: ${error.message}`);
    process.exit(1);
  }
}

main();
