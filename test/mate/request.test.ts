// A /mate request checked before any work starts: typed words (the console, the command line) and
// separate fields (Discord's options) read into the same problem, each mistake named.

import { describe, expect, it } from 'vitest';
import { STARTING_FEN } from '../../src/chess/fen.ts';
import { UsageError } from '../../src/errors.ts';
import { fenFromText } from '../../src/input/arguments.ts';
import { formatStipulation } from '../../src/mate/answer.ts';
import { checkMateFields, parseMateMode, parseMateMoves, parseMateWords, pastedPositionLine } from '../../src/mate/request.ts';

const KNIGHT_PROMOTION = 'b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1'; // #3, key b7a8n (bxa8=N)
const BLACK_MATES = '2q5/4B2p/7n/4p1pk/P2n1b2/R3P2P/2r3P1/1Q3R1K b - - 0 1'; // #3 for black, key c8h3

function usageMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('parseMateWords', () => {
  it('reads a quoted FEN, n and "checks" in any case', () => {
    const problem = parseMateWords([KNIGHT_PROMOTION, '3', 'Checks'], 10);
    expect(problem.job).toEqual({ kind: 'mate', fen: KNIGHT_PROMOTION, maxMoves: 3, mode: 'checks' });
    expect(problem.position.turn).toBe(0);
  });

  it('reads "tree" and "checks" after n, in either order and any case', () => {
    const tree = { kind: 'mate', fen: KNIGHT_PROMOTION, maxMoves: 3, mode: 'all', tree: true };
    expect(parseMateWords([KNIGHT_PROMOTION, '3', 'tree'], 10).job).toEqual(tree);
    expect(parseMateWords([...KNIGHT_PROMOTION.split(' '), '3', 'TREE'], 10).job).toEqual(tree);
    expect(parseMateWords([KNIGHT_PROMOTION, '3', 'tree', 'checks'], 10).job).toEqual({ ...tree, mode: 'checks' });
    expect(parseMateWords([KNIGHT_PROMOTION, '3', 'Checks', 'tree'], 10).job).toEqual({ ...tree, mode: 'checks' });
    expect(() => parseMateWords([KNIGHT_PROMOTION, 'tree'], 10)).toThrow(new UsageError('expected a FEN and a number of moves n'));
  });

  it('quotes a bad n escaped, and only its start when it is long', () => {
    expect(usageMessage(() => parseMateWords([KNIGHT_PROMOTION, '3\x1b[2J'], 10))).toBe('n must be an integer from 1 to 10, got "3\\u001b[2J"');
    expect(usageMessage(() => parseMateWords([KNIGHT_PROMOTION, '9'.repeat(3_000_000)], 10))).toBe(
      `n must be an integer from 1 to 10, got "${'9'.repeat(60)}"… (3,000,000 characters)`,
    );
    expect(usageMessage(() => parseMateMode('\x07'))).toBe('mode must be "all" or "checks", got "\\u0007"');
  });

  it.each([
    // The cases: a word after n was read as the FEN's seventh field.
    [[KNIGHT_PROMOTION, '2', 'self'], /^unknown word "self": .*s#2/],
    [[KNIGHT_PROMOTION, '2', 'selfmate'], /^unknown word "selfmate": .*s#2/],
    [[KNIGHT_PROMOTION, '3', 'help'], /^unknown word "help": .*h#3/],
    [[KNIGHT_PROMOTION, '2', '--tree'], /^unknown word "--tree": .*\btree\b/],
    [[KNIGHT_PROMOTION, '2', 'tre'], /^unknown word "tre": did you mean tree\?/],
    [[KNIGHT_PROMOTION, '2', 'solutoin'], /^unknown word "solutoin": did you mean solution\?/],
    [[KNIGHT_PROMOTION, '3', 'extra'], /^unknown word "extra"/],
    [[...KNIGHT_PROMOTION.split(' '), '3', 'extra', 'tree'], /^unknown word "extra"/],
    [[KNIGHT_PROMOTION, '3', 'tree', 'extra'], /^unknown word "extra"/],
    [[KNIGHT_PROMOTION, 'tree', '3'], /"tree" goes after n/],
    [[KNIGHT_PROMOTION, 'x', '3'], /^unexpected word "x" after the FEN/],
  ])('names the stray word in %j, not the FEN', (words, message) => {
    const text = usageMessage(() => parseMateWords(words, 10));
    expect(text).toMatch(message);
    expect(text).not.toMatch(/bad FEN/);
  });

  it('reads every genre typed as problemists write it, the FEN spread over words too', () => {
    const words = KNIGHT_PROMOTION.split(' ');
    expect(parseMateWords([...words, 'h=2'], 10).job).toMatchObject({ maxMoves: 2, stipulation: 'help-stalemate' });
    expect(parseMateWords([...words, '=3'], 10).job).toMatchObject({ maxMoves: 3, stipulation: 'stalemate' });
    expect(parseMateWords([KNIGHT_PROMOTION, 'ser-h#5'], 10).job).toMatchObject({ maxMoves: 5, stipulation: 'series-help' });
    expect(parseMateWords([KNIGHT_PROMOTION, 'h#2.5'], 10).job).toMatchObject({ maxMoves: 2, stipulation: 'help-half' });
    expect(() => parseMateWords([KNIGHT_PROMOTION, 'h#2.5', 'tree'], 10)).toThrow(/tree is written for direct mates, not a helpmate \(h#2\.5\)/);
    expect(() => parseMateWords([KNIGHT_PROMOTION, 'x=2'], 10)).toThrow(/unknown stipulation "x=2"/);
  });

  it('takes the kind of a field (Discord\'s kind choice) for every genre', () => {
    expect(checkMateFields({ fen: KNIGHT_PROMOTION, n: 2, kind: 'series-help-stalemate' }, 10).job).toMatchObject({ stipulation: 'series-help-stalemate' });
    expect(() => checkMateFields({ fen: KNIGHT_PROMOTION, n: 2, kind: 'ser-h#' }, 10)).toThrow(/kind must be .*"help-self", got "ser-h#"/);
  });

  it('reads a FEN spread over words', () => {
    expect(parseMateWords([...BLACK_MATES.split(' '), '3'], 10).job).toEqual({ kind: 'mate', fen: BLACK_MATES, maxMoves: 3, mode: 'all' });
  });

  it.each([
    [[KNIGHT_PROMOTION], 'expected a FEN and a number of moves n'],
    [[KNIGHT_PROMOTION, 'checks'], 'expected a FEN and a number of moves n'],
    [[KNIGHT_PROMOTION, '0'], 'n must be an integer from 1 to 10, got "0"'],
    [[KNIGHT_PROMOTION, '11'], 'n must be an integer from 1 to 10, got "11"'],
    [[KNIGHT_PROMOTION, '2.5'], 'n must be an integer from 1 to 10, got "2.5"'],
    [['8/8/8 w - - 0 1', '2'], 'bad FEN: the board has 3 ranks; it needs 8, separated by "/"'],
    [['k7/1Q6/1K6/8/8/8/8/8 b - - 0 1', '2'], 'black is already checkmated: there is nothing to solve'],
    [['k7/8/1QK5/8/8/8/8/8 b - - 0 1', '2'], 'black is already stalemated: there is nothing to solve'],
    [['7k/6Q1/6K1/8/8/8/8/8 w - - 0 1', '1'], 'bad FEN: black is in check, but it is white\'s turn: the side not to move can never be in check'],
  ])('rejects %j', (words, message) => {
    expect(() => parseMateWords(words, 10)).toThrow(new UsageError(message));
  });

  it('takes n as a number too (a Discord integer option), within the configured maximum', () => {
    expect(parseMateMoves(4, 4)).toBe(4);
    expect(() => parseMateMoves(5, 4)).toThrow(new UsageError('n must be an integer from 1 to 4, got "5"'));
  });
});

describe('checkMateFields', () => {
  it('takes the FEN as one text, n as a number or text, and the mode by name', () => {
    expect(checkMateFields({ fen: ` ${KNIGHT_PROMOTION.replaceAll(' ', '\t ')} `, n: 3, mode: 'checks' }, 10).job).toEqual({
      kind: 'mate', fen: KNIGHT_PROMOTION, maxMoves: 3, mode: 'checks',
    });
    expect(checkMateFields({ fen: 'startpos', n: '2' }, 10).job).toEqual({ kind: 'mate', fen: STARTING_FEN, maxMoves: 2, mode: 'all' });
    // Five fields are fine here: n is a separate option, so nothing is ambiguous.
    expect(checkMateFields({ fen: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0', n: 1 }, 10).job.fen).toBe('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0');
  });

  it('checks the fields in order: FEN, then n, then mode', () => {
    expect(usageMessage(() => checkMateFields({ fen: '8/8 w', n: 99, mode: 'x' }, 10))).toMatch(/^bad FEN: /);
    expect(usageMessage(() => checkMateFields({ fen: KNIGHT_PROMOTION, n: 99, mode: 'x' }, 10))).toBe('n must be an integer from 1 to 10, got "99"');
    expect(usageMessage(() => checkMateFields({ fen: KNIGHT_PROMOTION, n: 3, mode: 'x' }, 10))).toBe('mode must be "all" or "checks", got "x"');
    expect(usageMessage(() => checkMateFields({ fen: null, n: 3 }, 10))).toBe('missing FEN (or "startpos")');
    expect(usageMessage(() => checkMateFields({ fen: KNIGHT_PROMOTION, n: null }, 10))).toBe('n must be an integer from 1 to 10, got nothing');
  });

  it('takes a FEN field pasted in quotes (Discord\'s option), single or double', () => {
    for (const fen of [`"${KNIGHT_PROMOTION}"`, `'${KNIGHT_PROMOTION}'`]) {
      expect(checkMateFields({ fen, n: 3 }, 10).job.fen).toBe(KNIGHT_PROMOTION);
    }
  });

  it('takes a Lichess link or a PGN in the FEN field, and says which position it read', () => {
    const BACK_RANK = '6k1/5ppp/8/8/8/8/8/R6K w - - 0 1';
    const fromLink = checkMateFields({ fen: `https://lichess.org/analysis/${BACK_RANK.replaceAll(' ', '_')}?color=black`, n: 1 }, 10);
    expect(fromLink.job).toEqual({ kind: 'mate', fen: BACK_RANK, maxMoves: 1, mode: 'all' });
    expect(pastedPositionLine(fromLink)).toBe(`Position from the link: ${BACK_RANK}`);
    const fromPgn = checkMateFields({ fen: `[SetUp "1"] [FEN "${BACK_RANK}"] 1. Kg1 h6 *`, n: 1 }, 10);
    expect(fromPgn.job.fen).toBe('6k1/5pp1/7p/8/8/8/8/R5K1 w - - 0 2');
    expect(pastedPositionLine(fromPgn)).toBe('Position from the PGN: 6k1/5pp1/7p/8/8/8/8/R5K1 w - - 0 2');
    // A FEN typed is shown as the board alone.
    expect(pastedPositionLine(checkMateFields({ fen: BACK_RANK, n: 1 }, 10))).toBeNull();
    expect(usageMessage(() => checkMateFields({ fen: 'lichess.org/abcdEFGH', n: 1 }, 10))).toMatch(/^the link "lichess\.org\/abcdEFGH" carries no position/);
    // A game already over after the PGN is named as one typed as a FEN would be.
    expect(usageMessage(() => checkMateFields({ fen: '1. f3 e5 2. g4 Qh4#', n: 1 }, 10))).toBe('white is already checkmated: there is nothing to solve');
  });

  it('takes a link or a quoted PGN as the typed position', () => {
    const problem = parseMateWords(['"1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6"', '1'], 10);
    expect(problem.job.fen).toBe('r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4');
    expect(problem.pasted?.from).toBe('PGN');
    expect(parseMateWords(['lichess.org/editor/6k1/5ppp/8/8/8/8/8/R6K_w_-_-_0_1', '#1'], 10).pasted).toEqual({ fen: '6k1/5ppp/8/8/8/8/8/R6K w - - 0 1', from: 'link' });
  });

  it('has the helpers it is made of', () => {
    expect(parseMateMode(undefined)).toBe('all');
    expect(parseMateMode('checks')).toBe('checks');
    expect(() => fenFromText('\n ')).toThrow(UsageError);
    expect(formatStipulation(1, 2, 'checks')).toBe('Black to play and mate in 2 (checks only)');
  });
});
