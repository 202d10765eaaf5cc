// The console's /mate: the board and progress lines to the progress sink, the answer as the
// reply, bad input named in one line with the configured maximum n.

import { describe, expect, it } from 'vitest';
import { mateCommand } from '../../../src/adapters/console/mateCommand.ts';
import { helpCommand } from '../../../src/adapters/console/help.ts';
import { CommandRegistry } from '../../../src/adapters/console/registry.ts';
import { parseFen } from '../../../src/chess/fen.ts';
import { InlineEngine } from '../../../src/engine/index.ts';
import { formatBoard } from '../../../src/mate/answer.ts';

const KNIGHT_PROMOTION = 'b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1'; // #3, key b7a8n (bxa8=N)
const CASTLING_KEY = '2N2B2/2N1r3/8/3nQ2R/1k6/8/2B5/R3K3 w Q - 0 1'; // #2, key e1c1 (O-O-O); #3 by checks
const COOKED = '8/8/8/2p1R3/1p3p2/1p1k1p2/1B5p/1K2Q3 w - - 0 1'; // #2, keys e1d1 and e1e4
const BLACK_MATES = '2q5/4B2p/7n/4p1pk/P2n1b2/R3P2P/2r3P1/1Q3R1K b - - 0 1'; // #3 for black, key c8h3

describe('/mate', () => {
  const registry = new CommandRegistry().add(mateCommand({ engine: new InlineEngine(), maxN: 5, timeoutSeconds: 60 }));

  it('answers with the line and every key; the board and progress go to the progress sink', async () => {
    const shown: string[] = [];
    const reply = await registry.dispatch(`/mate "${COOKED}" 2`, { progress: (text) => shown.push(text) });
    expect(reply?.kind).toBe('ok');
    // Which key leads the line, and in which order the keys come, is the solver's choice.
    const [line, keys, totals, ...rest] = reply!.text.split('\n');
    expect(line).toMatch(/^Mate in 2: 1\. (Qe4\+! Kd2 2\. Qd5#|Qd1\+! Kc4 2\. Qf1#)$/);
    expect(keys).toMatch(/^Keys \(cooked, 2\): (Qe4\+, Qd1\+|Qd1\+, Qe4\+)$/);
    expect(totals).toMatch(/^\d[\d,]* nodes, \d+\.\d\d s$/);
    expect(rest).toEqual([]);
    expect(shown[0]).toBe(`${formatBoard(parseFen(COOKED), 2, 'all')}\n`);
    expect(shown.slice(1)).toEqual([
      expect.stringMatching(/^n=1 .* no mate$/),
      expect.stringMatching(/^n=2 .* mate found$/),
      '',
    ]);
  });

  it('adds the problemist\'s solution after "solution"', async () => {
    const reply = await registry.dispatch('/mate "5R2/1N3p2/3pk3/6PR/3Q4/B3K3/8/8 w - - 0 1" 2 solution');
    expect(reply?.text).toContain('Keys: Qg4+\nSolution:\n  1. Qg4+!\n');
    expect(reply?.text).toContain('  1. Ke4? threat: 2. Qxd6#\n      1... d5+ 2. Qxd5#\n      but 1... f5+!\n');
  });

  it('answers without a progress sink too', async () => {
    const reply = await registry.dispatch(`/mate ${BLACK_MATES} 3`);
    expect(reply?.text).toMatch(/^Mate in 3: 1\.\.\. Qxh3\+! 2\. \S+ \S+ 3\. \S+ \S+#\nKeys: Qxh3\+\n/);
  });

  it('castles as a key and proves no mate in checks-only mode', async () => {
    expect((await registry.dispatch(`/mate "${CASTLING_KEY}" 2`))?.text).toMatch(/^Mate in 2: 1\. O-O-O! /);
    expect((await registry.dispatch(`/mate "${CASTLING_KEY}" 2 checks`))?.text).toMatch(
      /^No mate in 2 \(checks only\): proven by a complete search\.\n/,
    );
  });

  it('shows the solution tree after "tree", as chessbot mate --tree prints it, before the totals', async () => {
    for (const words of ['3 tree', '3 TREE']) {
      const reply = await registry.dispatch(`/mate "${KNIGHT_PROMOTION}" ${words}`);
      const lines = reply!.text.split('\n');
      expect(lines.slice(0, -1)).toEqual([
        'Mate in 3: 1. bxa8=N! Kxg2 2. Nb6 Bf2 3. a8=Q#',
        'Keys: bxa8=N',
        'Solution tree:',
        '  1. bxa8=N!',
        '      1... Kxg2 2. Nb6',
        ...['Bf2', 'Bh2', 'Be3', 'Bd4', 'Bc5', 'Bxb6', 'Kh1', 'Kf3'].map((defence) => `          2... ${defence} 3. a8=Q#`),
      ]);
      expect(lines.at(-1)).toMatch(/^\d[\d,]* nodes, \d+\.\d\d s$/);
    }
    expect((await registry.dispatch(`/mate "${KNIGHT_PROMOTION}" 3`))!.text).not.toContain('Solution tree');
    // With "checks", before or after "tree": the same answer.
    const withoutTime = async (words: string) => (await registry.dispatch(`/mate "${CASTLING_KEY}" ${words}`))!.text.replace(/[\d.]+ s$/, '');
    const checksTree = await withoutTime('3 checks tree');
    expect(checksTree).toMatch(/^Mate in 3 \(checks only\): .*\nKeys.*\nSolution tree:\n {2}1\. /);
    expect(await withoutTime('3 Tree Checks')).toBe(checksTree);
  });

  it('is listed by /help with its optional words', async () => {
    const withHelp = new CommandRegistry();
    withHelp.add(helpCommand(withHelp)).add(mateCommand({ engine: new InlineEngine(), maxN: 5, timeoutSeconds: 60 }));
    const text = (await withHelp.dispatch('/help'))?.text ?? '';
    expect(text.split('\n').slice(0, 5)).toEqual([
      'Commands:',
      '  /help',
      '      list the commands',
      '  /mate <fen|file> <n> [checks] [tree] [solution]',
      '      find the shortest forced mate in at most n moves (n up to 5)',
    ]);
    for (const word of ['checks:', 'tree:', 'solution:', 's#2', 'h#2']) expect(text).toContain(word);
    // It fits an 80-column terminal, wrapped between words.
    expect(text.split('\n').filter((line) => line.length > 80)).toEqual([]);
    expect(text.replace(/\s+/g, ' ')).toContain('solution: also the solution as problemists read it: threats, variations with duals, tries, set play');
  });

  it('reads a FEN in single quotes as in double quotes', async () => {
    const single = await registry.dispatch(`/mate '${KNIGHT_PROMOTION}' 3`);
    const double = await registry.dispatch(`/mate "${KNIGHT_PROMOTION}" 3`);
    expect(single?.kind).toBe('ok');
    expect(single?.text.replace(/[\d.]+ s\b|[\d,]+ nodes/g, '')).toBe(double?.text.replace(/[\d.]+ s\b|[\d,]+ nodes/g, ''));
  });

  it('names a stray word after n, with what was meant, not the FEN', async () => {
    for (const [line, word, hint] of [
      [`/mate "${KNIGHT_PROMOTION}" 2 self`, 'self', 's#2'],
      [`/mate "${KNIGHT_PROMOTION}" 2 --tree`, '--tree', 'tree'],
      [`/mate ${KNIGHT_PROMOTION} 3 extra`, 'extra', ''],
    ] as const) {
      const reply = await registry.dispatch(line);
      expect(reply?.kind).toBe('error');
      expect(reply?.text).toContain(`"${word}"`);
      expect(reply?.text).toContain(hint);
      expect(reply?.text).not.toMatch(/FEN/);
    }
  });

  it('names bad input in one line, with the configured maximum n', async () => {
    expect(await registry.dispatch(`/mate "${KNIGHT_PROMOTION}" 6`)).toEqual({
      kind: 'error',
      text: '/mate: n must be an integer from 1 to 5, got "6"',
    });
    expect(await registry.dispatch('/mate "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1" 2')).toEqual({
      kind: 'error',
      text: '/mate: black is already checkmated: there is nothing to solve',
    });
  });

  it('solves a Lichess link or a quoted PGN, and shows the FEN it read before the board', async () => {
    const BACK_RANK = '6k1/5ppp/8/8/8/8/8/R6K w - - 0 1';
    const shown: string[] = [];
    const reply = await registry.dispatch(`/mate lichess.org/editor/${BACK_RANK.replaceAll(' ', '_')} 1`, { progress: (text) => shown.push(text) });
    expect(reply?.text).toMatch(/^Mate in 1: 1\. Ra8#\n/);
    expect(shown[0]).toBe(`Position from the link: ${BACK_RANK}\n${formatBoard(parseFen(BACK_RANK), 1, 'all')}\n`);
    // Without a progress sink there is no board: the line comes before the answer.
    const pgn = await registry.dispatch(`/mate '[FEN "${BACK_RANK}"] 1. Rb1 Kf8 2. Ra1 {back} Kg8 *' #1`);
    expect(pgn?.kind).toBe('ok');
    expect(pgn?.text).toMatch(/^Position from the PGN: 6k1\/5ppp\/8\/8\/8\/8\/8\/R6K w - - 4 3\nMate in 1: 3\. Ra8#\n/);
    expect(await registry.dispatch('/mate https://lichess.org/abcdEFGH 1')).toEqual({
      kind: 'error',
      text: '/mate: the link "https://lichess.org/abcdEFGH" carries no position: paste the FEN, or the link of the analysis board (lichess.org/analysis/… or a link with ?fen=…)',
    });
  });
});
