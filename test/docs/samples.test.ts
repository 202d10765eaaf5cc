// The `chessbot bench` output quoted in the docs is what the bench prints today: the signature
// wherever it is quoted, and in docs/cli.md's sample every position's nodes, best move and
// score (the times are the machine's, not checked). One real bench run, at its default depth.

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BenchResult, DEFAULT_BENCH_DEPTH, runBench } from '../../src/adapters/cli/bench.ts';
import { proseLines } from './markdown.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const read = (doc: string): string => readFileSync(join(ROOT, doc), 'utf8');

/** The fenced block of docs/cli.md that starts with the bench command line. */
function benchSample(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^\$ .*chessbot(\.js)? bench\s*$/.test(line));
  if (start < 0) return [];
  const end = lines.findIndex((line, index) => index > start && line.startsWith('```'));
  return lines.slice(start + 1, end);
}

/** Every bench signature the prose quotes in bold: "signature **N**", "it is **N**". */
function quotedSignatures(text: string): number[] {
  return proseLines(text).flatMap((line) =>
    [...line.matchAll(/(?:[Ss]ignature|default depth, \d+, it is)[^*\n]{0,30}\*\*(\d{5,})\*\*/g)].map((m) => Number(m[1])));
}

let bench: BenchResult;

beforeAll(() => {
  // The first pass and one timed pass: the nodes are those of every pass (runBench checks).
  bench = runBench(DEFAULT_BENCH_DEPTH, { perft: false, timedPasses: 1 });
}, 180_000);

describe('the bench signature in the docs', () => {
  it('docs/cli.md and docs/benchmarks.md quote the signature chessbot bench prints', () => {
    const quoted = ['docs/cli.md', 'docs/benchmarks.md'].map((doc) => ({ doc, signatures: quotedSignatures(read(doc)) }));
    for (const { doc, signatures } of quoted) {
      expect(signatures.length, `${doc} quotes no signature`).toBeGreaterThan(0);
      expect({ doc, signatures }).toEqual({ doc, signatures: signatures.map(() => bench.nodes) });
    }
  });

  it("docs/cli.md's sample run shows today's signature, and each position as it is searched today", () => {
    const sample = benchSample(read('docs/cli.md'));
    expect(sample).toContain(`nodes: ${bench.nodes}`);
    expect(sample).toContain(`positions: ${bench.positions.length} at depth ${DEFAULT_BENCH_DEPTH}`);
    const shown = sample.flatMap((line) => {
      const m = /^\s*(\d+)\/\d+\s+(.+?)\s+nodes\s+(\d+)\s+\d+ ms\s+bestmove (\S+)\s+(mate|cp) (-?\d+)$/.exec(line);
      return m ? [{ index: Number(m[1]) - 1, name: m[2], nodes: Number(m[3]), bestMove: m[4], score: { [m[5]!]: Number(m[6]) } }] : [];
    });
    expect(shown.length).toBe(bench.positions.length);
    expect(shown).toEqual(bench.positions.map(({ name, nodes, bestMove, score }, index) => ({ index, name, nodes, bestMove, score })));
  });
});
