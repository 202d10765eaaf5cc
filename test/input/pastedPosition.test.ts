// A position given as a link or a PGN instead of a FEN: every form of link people paste, the
// links that carry no position, and PGNs with and without a [FEN] tag, with the parts of a PGN
// that are not moves, an illegal move and more than one game.

import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.ts';
import { MAX_PGN_LENGTH, readPastedPosition } from '../../src/input/pastedPosition.ts';

const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const BACK_RANK = '6k1/5ppp/8/8/8/8/8/R6K w - - 0 1';
const SCHOLAR = '1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6';
const AFTER_SCHOLAR = 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4';

function failure(text: string): string {
  try {
    readPastedPosition(text);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`no error for ${text}`);
}

describe('readPastedPosition: links', () => {
  const lichess = AFTER_E4.replace(/ /g, '_');
  it.each([
    ['an analysis board', `https://lichess.org/analysis/${lichess}`],
    ['no scheme', `lichess.org/analysis/${lichess}`],
    ['www. and http://', `http://www.lichess.org/analysis/${lichess}`],
    ['the board editor', `https://lichess.org/editor/${lichess}`],
    ['the standard variant named', `https://lichess.org/analysis/standard/${lichess}`],
    ['spaces as %20', `https://lichess.org/analysis/${AFTER_E4.replace(/ /g, '%20')}`],
    ['slashes as %2F too', `https://lichess.org/analysis/${encodeURIComponent(AFTER_E4)}`],
    ['the board flipped', `https://lichess.org/analysis/${lichess}?color=black`],
    ['a move to show', `lichess.org/analysis/${lichess}#3`],
    ['in quotes', `"https://lichess.org/analysis/${lichess}"`],
    ["Chess.com's analysis board", `https://www.chess.com/analysis?fen=${encodeURIComponent(AFTER_E4)}&flip=true`],
    ["Chess.com's practice, + for spaces", `https://www.chess.com/practice?fen=${AFTER_E4.replace(/ /g, '+')}`],
    ['any link whose query has fen=', `example.org/board?size=3&fen=${encodeURIComponent(AFTER_E4)}`],
  ])('reads %s', (_what, link) => {
    expect(readPastedPosition(link)).toEqual({ fen: AFTER_E4, from: 'link' });
  });

  it('fills in the counters a link leaves out', () => {
    expect(readPastedPosition('lichess.org/editor/6k1/5ppp/8/8/8/8/8/R6K_w_-_-')).toEqual({ fen: BACK_RANK, from: 'link' });
  });

  it.each([
    ['a game', 'https://lichess.org/abcdEFGH'],
    ['a study', 'lichess.org/study/abcdEFGH/ijklMNOP'],
    ['an empty analysis board', 'https://lichess.org/analysis'],
    ['a Chess.com game', 'https://www.chess.com/game/live/123456789'],
  ])('says that a link to %s carries no position', (_what, link) => {
    const message = failure(link);
    expect(message).toContain(`"${link}" carries no position`);
    expect(message).toMatch(/paste the FEN, or the link of the analysis board/);
  });

  it('names a variant board, which /mate does not solve', () => {
    // A long link is quoted by its start, as every message quotes input.
    expect(failure(`lichess.org/analysis/atomic/${lichess}`)).toMatch(
      /^the link "lichess\.org\/analysis\/atomic\/rnbqkbnr\/[^"]*"… \(86 characters\) is a board of Lichess's "atomic"; \/mate solves standard chess$/,
    );
    expect(readPastedPosition(`lichess.org/analysis/fromPosition/${lichess}`)).toEqual({ fen: AFTER_E4, from: 'link' });
  });

  it('names a FEN in a link that is not a position', () => {
    expect(failure('lichess.org/analysis/8/8/8/8/8/8/8/8_w_-_-_0_1')).toMatch(/^the FEN in the link is not a legal position: /);
    expect(failure('https://www.chess.com/analysis?fen=hello')).toMatch(/^the FEN in the link is not a legal position: /);
  });

  it('leaves a FEN, or "startpos", to be read as one', () => {
    expect(readPastedPosition(BACK_RANK)).toBeNull();
    expect(readPastedPosition(`"${BACK_RANK}"`)).toBeNull();
    expect(readPastedPosition('startpos')).toBeNull();
    expect(readPastedPosition('8/8/8/8/8/8/8/8 w - - 0 1')).toBeNull();
    // Stray text after a FEN is the FEN's error to name, whatever it holds.
    expect(readPastedPosition(`${BACK_RANK} [l](https://e.x) 2.`)).toBeNull();
    expect(readPastedPosition('mate in 2.')).toBeNull();
  });
});

describe('readPastedPosition: PGN', () => {
  it('plays the main line from the initial position', () => {
    expect(readPastedPosition(SCHOLAR)).toEqual({ fen: AFTER_SCHOLAR, from: 'PGN' });
    expect(readPastedPosition('1. e4 *')).toEqual({ fen: AFTER_E4, from: 'PGN' });
  });

  it('plays from the [FEN] tag, with its tags on one line or several', () => {
    const tags = `[Event "?"]\n[SetUp "1"]\n[FEN "6k1/5ppp/8/8/8/8/8/R6K b - - 0 1"]\n`;
    expect(readPastedPosition(`${tags}\n1... h6 2. Kg1 *`)).toEqual({ fen: '6k1/5pp1/7p/8/8/8/8/R5K1 b - - 1 2', from: 'PGN' });
    // A Discord text field has no line breaks.
    expect(readPastedPosition(`[SetUp "1"] [FEN "${BACK_RANK}"] *`)).toEqual({ fen: BACK_RANK, from: 'PGN' });
  });

  it('reads past comments, variations, NAGs, move numbers and the result', () => {
    const pgn = `[Event "Casual"]\n\n1. e4 {the best} e5 $1 2. Bc4 (2. Nf3 Nc6 (2... d6) 3. Bb5) 2... Nc6!? 3. Qh5 $2 {threat} Nf6?? 1-0`;
    expect(readPastedPosition(pgn)).toEqual({ fen: AFTER_SCHOLAR, from: 'PGN' });
  });

  it('names an illegal move with its number, quoted', () => {
    expect(failure('1. e4 e5 2. Ke3 Nc6')).toMatch(/^the PGN's move 2\. "Ke3" is not legal there/);
    expect(failure('1. e4 e5 2. Nf3 Nc6 3. Bc4 Kf7 4. O-O')).toMatch(/^the PGN's move 3\.\.\. "Kf7" is not legal there/);
  });

  it('refuses more than one game, a bad [FEN] tag, another variant and a PGN too long', () => {
    expect(failure('[Event "a"]\n\n1. e4 *\n\n[Event "b"]\n\n1. d4 *\n')).toBe('the PGN holds 2 games; paste only the one to solve');
    expect(failure('[FEN "8/8/8 w - - 0 1"]\n\n*')).toMatch(/^the FEN in the PGN's \[FEN\] tag is not a legal position: /);
    expect(failure('[Variant "Atomic"]\n\n1. e4 *')).toBe('the PGN is a game of "Atomic"; /mate solves standard chess');
    expect(failure(`1. e4 {${'x'.repeat(MAX_PGN_LENGTH)}} *`)).toMatch(/^the PGN is \d+ characters long; the limit is 20000$/);
  });

  it('refuses a PGN with neither moves nor a [FEN] tag, rather than guess the initial position', () => {
    expect(failure('[Event "?"] *')).toBe('the PGN has no moves and no [FEN] tag: there is no position in it');
    expect(failure('1. {no moves yet} *')).toBe('the PGN has no moves and no [FEN] tag: there is no position in it');
    // The rights a king's walk gave up are gone, though every piece is home again.
    expect(readPastedPosition('[Event "?"] 1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 *')?.fen).toBe('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 4 4');
  });
});
