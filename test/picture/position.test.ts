// A position given as a file: a picture of a board read by the vision core, a PGN, and the files
// that are neither; then the same files through `chessbot mate`, `chessbot fen` and the console.

import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderBoardPng } from '../../src/adapters/discord/board/index.ts';
import { createFenCommand } from '../../src/adapters/cli/fen.ts';
import { runCli } from '../../src/adapters/cli/main.ts';
import { createMateCommand } from '../../src/adapters/cli/mate.ts';
import { mateCommand as consoleMateCommand } from '../../src/adapters/console/mateCommand.ts';
import { parseFen } from '../../src/chess/fen.ts';
import { InlineEngine } from '../../src/engine/index.ts';
import { positionFromFile, readPositionFile } from '../../src/picture/position.ts';

const MATE_IN_1 = '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1';
const CASTLES = 'r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R w KQkq - 0 1';

const dir = mkdtempSync(join(tmpdir(), 'chessbot-picture-'));
function file(name: string, bytes: Uint8Array | string): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

const puzzle = file('puzzle.png', renderBoardPng(parseFen(MATE_IN_1), { size: 400 }));
const flipped = file('flipped.png', renderBoardPng(parseFen(CASTLES), { size: 320, orientation: 'black' }));
const bare = file('bare.png', renderBoardPng(parseFen(MATE_IN_1), { size: 400, coordinates: false }));
const game = file('game.pgn', '[Event "x"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 *\n');

describe('positionFromFile', () => {
  it('reads a picture of a board into a checked FEN, White to move unless told', async () => {
    expect(await positionFromFile(puzzle, { side: 'w' })).toEqual({ fen: MATE_IN_1, from: 'picture' });
    const read = await readPositionFile(puzzle);
    expect(read.kind === 'picture' && read.read?.placement).toBe('6k1/5ppp/8/8/8/8/8/R5K1');
  });

  it("turns a board drawn from Black's side the right way up by its coordinates; castling rights by home squares", async () => {
    expect(await positionFromFile(flipped, { side: 'w' })).toEqual({ fen: CASTLES, from: 'picture' });
    const read = await readPositionFile(flipped);
    expect(read.kind === 'picture' && [read.read?.flipped, read.read?.orientation]).toEqual([true, 'coordinates']);
  });

  it('says White was taken to be at the bottom when no coordinates were read', async () => {
    expect(await positionFromFile(bare, { side: 'w' })).toEqual({ fen: MATE_IN_1, from: 'picture', note: 'White taken to be at the bottom, as no coordinates were read' });
    const reply = await consoleMateCommand({ engine: new InlineEngine(), maxN: 10, timeoutSeconds: 60 }).run([bare, '1']);
    expect(reply.split('\n')[0]).toBe(`Position from the picture: ${MATE_IN_1} (White taken to be at the bottom, as no coordinates were read)`);
  });

  it('reads a .pgn file', async () => {
    expect(await positionFromFile(game, { side: 'w' })).toEqual({ fen: 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4', from: 'PGN' });
  });

  it('names a file that is missing, a folder, neither a picture nor a PGN, or too large', async () => {
    await expect(positionFromFile(join(dir, 'nothing.png'), { side: 'w' })).rejects.toThrow(/cannot read ".*nothing\.png": no such file/);
    mkdirSync(join(dir, 'folder.png'));
    await expect(positionFromFile(join(dir, 'folder.png'), { side: 'w' })).rejects.toThrow(/folder\.png" is not a file/);
    await expect(positionFromFile(file('notes.png', 'hello'), { side: 'w' })).rejects.toThrow(/notes\.png" is neither a picture \(PNG, JPEG, GIF, WebP\) nor a PGN/);
    await expect(positionFromFile(file('big.jpg', new Uint8Array(11 * 1024 * 1024)), { side: 'w' })).rejects.toThrow(/big\.jpg" is 11\.0 MB; the most read is 10\.0 MB/);
  });
});

describe('a picture on the command line and in the console', () => {
  const engine = new InlineEngine();
  async function cli(name: string, command: ReturnType<typeof createMateCommand>, argv: string[]) {
    let stdout = '';
    let stderr = '';
    const status = await runCli([name, ...argv], { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } }, [command], 'chessbot 0.0.0');
    return { status, stdout, stderr };
  }

  it('chessbot mate <image> n solves the position read, saying which FEN it read', async () => {
    const run = await cli('mate', createMateCommand({ engine: () => engine }), [puzzle, '1']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Position from the picture: ${MATE_IN_1.replaceAll('/', '\\/')}\\n`));
    expect(run.stdout).toContain('Mate in 1: 1. Ra8#');
  });

  it('chessbot mate refuses --side and --flipped with a FEN', async () => {
    const run = await cli('mate', createMateCommand({ engine: () => engine }), [MATE_IN_1, '1', '--side', 'b']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--side and --flipped are for a picture of a board');
  });

  it('chessbot fen <image> prints the FEN read', async () => {
    const fen = createFenCommand({ readFile: readPositionFile });
    const run = await cli('fen', fen as never, [puzzle]);
    expect(run).toMatchObject({ status: 0, stdout: `${MATE_IN_1}\n` });
  });

  it("the console's /mate <file> n", async () => {
    const command = consoleMateCommand({ engine, maxN: 10, timeoutSeconds: 60 });
    const reply = await command.run([puzzle, '1']);
    expect(reply).toMatch(new RegExp(`^Position from the picture: ${MATE_IN_1.replaceAll('/', '\\/')}\\nMate in 1: 1\\. Ra8#`));
  });
});
