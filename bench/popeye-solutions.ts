// `npm run bench:popeye-solutions` (POPEYE=path or --popeye <path>): the expected answers of
// test/mate/solution.test.ts, written by Popeye 4.104. Each #2/#3 problem of the public suite
// whose shortest mate is its n (and with at most MAX_KEYS keys) goes through Popeye twice, with Option Variation Try Defence k
// SetPlay, and again with NoShortVariations; its printed solution becomes sorted lines
// (bench/solution-lines.ts) in test/data/popeye-solutions.json. The tests then need no Popeye.

import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BLACK, type Color, WHITE } from '../src/chess/types.ts';
import { popeyeMoveToUci, popeyeSetup, runPopeyeProcess } from './popeye.ts';

const SUITE = resolve(import.meta.dirname, 'data/mate-public.jsonl');
const OUTPUT = resolve(import.meta.dirname, '../test/data/popeye-solutions.json');
/** Popeye's Defence k for the tries: refuted by at most this many defences. */
const DEFENCES = [1, 2];
const CAP_MS = 60_000;
/** Problems with more keys than this are left out (one of the suite's game positions has 117). */
const MAX_KEYS = 4;

/** One printed move of Popeye's solution, placed by its indentation. */
interface Printed {
  indent: number;
  attacker: boolean;
  uci: string;
  mates: boolean;
  mark: '!' | '?' | '';
  zugzwang: boolean;
  /** A defence printed after "but": a refutation. */
  refutation: boolean;
  children: Printed[];
}

const MOVE_LINE = /^( *)(\d+)\.(\.\.)?(.+?)((?: [+#])*)(?: ([!?]))?(?: (threat:|zugzwang\.))?\s*$/;

/** Popeye's solution text (Option Variation …) as lines, `attacker` being the side that moves first in the stipulation. */
export function popeyeSolutionLines(output: string, attacker: Color): string[] {
  const root: Printed = { indent: -1, attacker: true, uci: '', mates: false, mark: '', zugzwang: false, refutation: false, children: [] };
  const stack: Printed[] = [root];
  let inBut = false;
  for (const raw of output.split(/\r?\n/)) {
    if (/^\s*but\s*$/.test(raw)) {
      inBut = true;
      continue;
    }
    const m = MOVE_LINE.exec(raw);
    if (!m || /solution finished|Popeye/.test(raw)) continue;
    const [, spaces, , dots, move, decorations, mark, after] = m;
    const indent = spaces!.length;
    const isAttacker = dots === undefined;
    while (stack.at(-1)!.indent >= indent) stack.pop();
    if (indent <= 3) inBut = false;
    const node: Printed = {
      indent,
      attacker: isAttacker,
      uci: popeyeMoveToUci(move!, isAttacker ? attacker : ((attacker ^ 1) as Color)),
      mates: decorations!.includes('#'),
      mark: (mark as '!' | '?' | undefined) ?? '',
      zugzwang: after === 'zugzwang.',
      refutation: inBut && !isAttacker && indent <= 6,
      children: [],
    };
    stack.at(-1)!.children.push(node);
    stack.push(node);
  }
  const out: string[] = [];
  for (const node of root.children) {
    if (node.attacker) {
      const line = `1.${node.uci}${node.mates ? '#' : ''}${node.mark}`;
      out.push(line);
      attackerLines(node, line, out);
    } else {
      defenceLines(node, 'set', out);
    }
  }
  return out.sort();
}

function attackerLines(node: Printed, path: string, out: string[]): void {
  if (node.zugzwang) out.push(`${path} zugzwang`);
  for (const child of node.children) {
    if (child.attacker) {
      const line = `${path} threat ${child.uci}${child.mates ? '#' : ''}`;
      out.push(line);
      attackerLines(child, line, out);
    } else if (child.refutation) {
      out.push(`${path} but ${child.uci}`);
    } else {
      defenceLines(child, path, out);
    }
  }
}

function defenceLines(node: Printed, path: string, out: string[]): void {
  const line = `${path} ${node.uci}`;
  out.push(line);
  for (const answer of node.children) {
    const answerLine = `${line} ${answer.uci}${answer.mates ? '#' : ''}`;
    out.push(answerLine);
    attackerLines(answer, answerLine, out);
  }
}

export interface PopeyeSolutionCase {
  fen: string;
  n: number;
  /** Popeye's Defence k: tries refuted by at most k defences. */
  maxRefutations: number;
  source: string;
  /** Option Variation Try Defence k SetPlay. */
  lines: string[];
  /** The same with NoShortVariations. */
  noShortLines: string[];
}

async function runSolution(path: string, fen: string, n: number, options: string[]): Promise<string[]> {
  const setup = popeyeSetup(fen);
  const input = ['BeginProblem', `Forsyth ${setup.forsyth}`, `Stipulation #${n}`, `Option NoBoard ${options.join(' ')}`,
    ...setup.options.map((option) => `Option ${option}`), 'EndProblem', ''].join('\n');
  const result = await runPopeyeProcess(path, input, CAP_MS);
  if (result.killed || !/solution finished/.test(result.stdout) || result.stderr.trim() !== '') {
    throw new Error(`Popeye failed on ${fen}: ${result.stderr || result.stdout.slice(-300)}`);
  }
  return popeyeSolutionLines(result.stdout, setup.turn === BLACK ? BLACK : WHITE);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = args.indexOf('--popeye');
  const path = flag >= 0 ? args[flag + 1] : process.env.POPEYE;
  if (!path) {
    console.error('usage: POPEYE=/path/to/py npm run bench:popeye-solutions (or -- --popeye <path>)');
    process.exit(2);
  }
  const problems = readFileSync(SUITE, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { fen: string; n: number; mateIn: number | null; keys: string[]; source: string });
  const cases: PopeyeSolutionCase[] = [];
  for (const [index, problem] of problems.entries()) {
    // Composed-style problems: a game position with dozens of keys would only swell the data.
    if (problem.mateIn !== problem.n || problem.n > 3 || problem.keys.length > MAX_KEYS) continue;
    for (const k of problem.n === 2 ? DEFENCES : [1]) {
      const options = ['Variation', 'Try', `Defence ${k}`, 'SetPlay'];
      const lines = await runSolution(path, problem.fen, problem.n, options);
      const noShortLines = await runSolution(path, problem.fen, problem.n, [...options, 'NoShortVariations']);
      cases.push({ fen: problem.fen, n: problem.n, maxRefutations: k, source: `mate-public.jsonl #${index + 1}: ${problem.source}`, lines, noShortLines });
      console.log(`#${index + 1} #${problem.n} Defence ${k}: ${lines.length} lines (${noShortLines.length} without short variations)`);
    }
  }
  writeFileSync(OUTPUT, `${JSON.stringify({ popeye: '4.104', generatedBy: 'bench/popeye-solutions.ts', cases }, null, 1)}\n`);
  console.log(`wrote ${cases.length} cases to ${OUTPUT}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
