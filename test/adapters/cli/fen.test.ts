// `chessbot fen` with the picture reader replaced by one that returns a chosen read: what it prints
// and its exit status for each kind of read (the reading itself: test/vision, test/picture).

import { describe, expect, it } from 'vitest';
import { EXIT_NOT_READ, EXIT_READ, createFenCommand } from '../../../src/adapters/cli/fen.ts';
import { runCli } from '../../../src/adapters/cli/main.ts';
import { UsageError } from '../../../src/errors.ts';
import type { PositionFile } from '../../../src/picture/position.ts';
import type { BoardRead } from '../../../src/vision/types.ts';

const BOX = { x: 10.4, y: 20, width: 400, height: 400 };

function boardRead(placement: string, unsure: string[] = [], flipped = false): BoardRead {
  return { placement, squares: [], confidence: unsure.length > 0 ? 0.42 : 0.9987, unsure, flipped, orientation: flipped ? 'coordinates' : 'default', box: BOX };
}

/** `chessbot fen …` with files read as `files` says (a path not there: the reader's UsageError). */
async function fen(argv: string[], files: Record<string, PositionFile> = {}) {
  let stdout = '';
  let stderr = '';
  const asked: Array<[string, boolean | undefined]> = [];
  const command = createFenCommand({
    readFile: async (path, flipped) => {
      asked.push([path, flipped]);
      const file = files[path];
      if (!file) throw new UsageError(`cannot read "${path}": no such file`);
      return file;
    },
  });
  const status = await runCli(['fen', ...argv], { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } }, [command], 'chessbot 0.0.0');
  return { status, stdout, stderr, asked };
}

const MATE_IN_2 = '6k1/5ppp/8/8/8/8/8/R5K1';

describe('chessbot fen <image>', () => {
  it('prints the FEN read, White to move by default, castling by home squares', async () => {
    const run = await fen(['board.png'], { 'board.png': { kind: 'picture', read: boardRead('r3k2r/8/8/8/8/8/8/R3K2R') } });
    expect(run).toMatchObject({ status: EXIT_READ, stdout: 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n', stderr: '' });
    expect(run.asked).toEqual([['board.png', undefined]]);
  });

  it('takes the side to move and the orientation when told', async () => {
    const run = await fen(['d.jpg', '--side', 'b', '--flipped'], { 'd.jpg': { kind: 'picture', read: boardRead(MATE_IN_2) } });
    expect(run.stdout).toBe(`${MATE_IN_2} b - - 0 1\n`);
    expect(run.asked).toEqual([['d.jpg', true]]);
  });

  it('writes one JSON line with the confidence, the unsure squares, the orientation and where the board is', async () => {
    const run = await fen(['board.webp', '--json'], { 'board.webp': { kind: 'picture', read: boardRead(MATE_IN_2, [], true) } });
    expect(run.status).toBe(EXIT_READ);
    expect(JSON.parse(run.stdout)).toEqual({
      fen: `${MATE_IN_2} w - - 0 1`, confidence: 0.999, unsure: [], flipped: true, orientation: 'coordinates', board: { x: 10, y: 20, width: 400, height: 400 },
    });
  });

  it('exits 1 and names the squares when unsure, still printing the FEN read', async () => {
    const file: PositionFile = { kind: 'picture', read: boardRead(MATE_IN_2, ['f7', 'g7']) };
    const run = await fen(['b.png'], { 'b.png': file });
    expect(run).toMatchObject({ status: EXIT_NOT_READ, stdout: `${MATE_IN_2} w - - 0 1\n` });
    expect(run.stderr).toContain('f7, g7');
    const json = await fen(['b.png', '--json'], { 'b.png': file });
    expect(json.status).toBe(EXIT_NOT_READ);
    expect(JSON.parse(json.stdout)).toMatchObject({ fen: `${MATE_IN_2} w - - 0 1`, unsure: ['f7', 'g7'] });
  });

  it('exits 1 and names the rule an illegal read breaks', async () => {
    const file: PositionFile = { kind: 'picture', read: boardRead('6k1/8/8/8/8/8/8/K5K1') };
    const run = await fen(['two-kings.png', '--json'], { 'two-kings.png': file });
    expect(run.status).toBe(EXIT_NOT_READ);
    expect(JSON.parse(run.stdout)).toMatchObject({ fen: '6k1/8/8/8/8/8/8/K5K1 w - - 0 1', illegal: 'white has 2 kings; each side needs exactly one' });
  });

  it('exits 1 when no board is found', async () => {
    const file: PositionFile = { kind: 'picture', read: null };
    const text = await fen(['cat.jpg'], { 'cat.jpg': file });
    expect(text).toMatchObject({ status: EXIT_NOT_READ, stdout: '' });
    expect(text.stderr).toContain('no chessboard found in "cat.jpg"');
    expect(JSON.parse((await fen(['cat.jpg', '--json'], { 'cat.jpg': file })).stdout)).toEqual({ fen: null, error: 'no chessboard found' });
  });

  it('exits 2 for a file it cannot read, or a bad argument', async () => {
    expect(await fen(['missing.png'])).toMatchObject({ status: 2, stdout: '' });
    expect((await fen(['missing.png'])).stderr).toContain('cannot read "missing.png": no such file');
    expect((await fen(['b.png', '--side', 'x'], { 'b.png': { kind: 'picture', read: null } })).status).toBe(2);
    expect((await fen([])).status).toBe(2);
    expect((await fen(['b.png', 'extra'])).stderr).toContain('unexpected word "extra" after the file');
  });
});

describe('chessbot fen <link|pgn>', () => {
  it('prints the FEN of a link or a PGN as /mate reads them', async () => {
    expect((await fen(['https://lichess.org/analysis/6k1/5ppp/8/8/8/8/8/R5K1_w_-_-_0_1'])).stdout).toBe(`${MATE_IN_2} w - - 0 1\n`);
    expect((await fen(['1. e4 e5 2. Nf3'])).stdout).toBe('rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n');
    const pgn: PositionFile = { kind: 'PGN', pasted: { fen: `${MATE_IN_2} w - - 0 1`, from: 'PGN' } };
    expect(JSON.parse((await fen(['game.pgn', '--json'], { 'game.pgn': pgn })).stdout)).toEqual({ fen: `${MATE_IN_2} w - - 0 1`, from: 'PGN' });
  });

  it('names text that is none of them', async () => {
    const run = await fen(['hello']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('"hello" is no picture file');
  });
});
