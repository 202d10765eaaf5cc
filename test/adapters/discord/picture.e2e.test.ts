// /mate with a file in its `image` option, end to end: the real discord.js Client logged in to the
// fake Discord, which serves the file from its CDN at a signed URL as Discord does. A picture of a
// board (drawn here as the bot draws its own answers) is read into the FEN the reply shows; a .pgn
// gives the position after its moves; a file that is too large, no picture, unreadable, or gone
// from the CDN gets a private reply naming the problem, and its URL is never logged.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderBoardPng } from '../../../src/adapters/discord/board/index.ts';
import { parseFen } from '../../../src/chess/fen.ts';
import { CallbackType, EPHEMERAL, type InteractionHandle } from '../../support/fakeDiscord/index.ts';
import { type Harness, PNG_MAGIC, finalEdit, newUser, startHarness } from './harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

const MATE_IN_1 = '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1';

async function privateText(handle: InteractionHandle): Promise<string> {
  const callback = await handle.callback();
  expect(callback.type).toBe(CallbackType.ChannelMessageWithSource);
  expect(callback.flags & EPHEMERAL).toBe(EPHEMERAL);
  return String(callback.data.content);
}

describe('/mate with an image', () => {
  it('reads the board in a picture, shows the FEN read and the board drawn, and solves it', async () => {
    const png = renderBoardPng(parseFen(MATE_IN_1), { size: 480 });
    const handle = h.mateWithFile({ filename: 'puzzle.png', bytes: png, content_type: 'image/png' }, 1, { user: newUser() });
    expect((await handle.callback()).type).toBe(CallbackType.DeferredChannelMessageWithSource);
    const answer = await finalEdit(handle);
    expect(String(answer.body.content)).toMatch(/^Position from the picture: 6k1\/5ppp\/8\/8\/8\/8\/8\/R5K1 w - - 0 1\nMate in 1: 1\. Ra8#/);
    expect(answer.files[0]!.data.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
  });

  it('takes the side to move from the side option', async () => {
    const black = 'r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1';
    const png = renderBoardPng(parseFen(black), { size: 400 });
    const handle = h.mateWithFile({ filename: 'b.png', bytes: png }, 1, { side: 'b', user: newUser() });
    const answer = String((await finalEdit(handle)).body.content);
    expect(answer.startsWith(`Position from the picture: ${black}\nMate in 1: 1... Ra1#`)).toBe(true);
  });

  it('finds no board in a picture without one, and says so privately', async () => {
    const { default: sharp } = await import('sharp');
    const flat = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a6ea5' } }).png().toBuffer();
    const text = await privateText(h.mateWithFile({ filename: 'sky.png', bytes: flat }, 2, { user: newUser() }));
    expect(text).toBe('/mate: no chessboard found in the attached file');
    // The refusal is logged with the file's name, but the CDN's signed URL (a credential of sorts) never is.
    const logged = h.log.filter((line) => line.includes('sky.png'));
    expect(logged.length).toBeGreaterThan(0);
    expect(h.log.join('\n')).not.toMatch(/\/attachments\/|hm=/);
  });
});

describe('/mate with a .pgn', () => {
  it('solves the position after the moves of an attached PGN', async () => {
    const pgn = new TextEncoder().encode('[Event "Scholar"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 *\n');
    const handle = h.mateWithFile({ filename: 'game.pgn', bytes: pgn, content_type: 'application/x-chess-pgn' }, 1, { user: newUser() });
    const answer = await finalEdit(handle);
    expect(String(answer.body.content)).toMatch(/^Position from the PGN: r1bqkb1r\/pppp1ppp\/2n2n2\/4p2Q\/2B1P3\/8\/PPPP1PPP\/RNB1K1NR w KQkq - 4 4\nMate in 1: 4\. Qxf7#/);
  });
});

describe('/mate refuses a file it cannot use, privately, naming why', () => {
  it('both a FEN and a file', async () => {
    const text = await privateText(h.mateWithFile({ filename: 'x.png', bytes: new Uint8Array(10) }, 1, { fen: MATE_IN_1, user: newUser() }));
    expect(text).toBe('/mate: give the position once: in fen or in image, not both');
  });

  it('a side or a flip with a FEN', async () => {
    const handle = h.fake.dispatchInteraction({
      name: 'mate',
      options: [{ name: 'n', type: 4, value: 1 }, { name: 'fen', type: 3, value: MATE_IN_1 }, { name: 'side', type: 3, value: 'b' }],
      user: newUser(),
    });
    expect(await privateText(handle)).toBe('/mate: side and flipped are for a picture in image; a FEN says its side to move');
  });

  it('a file larger than read, by the size Discord states, without fetching it', async () => {
    const before = h.fake.requests.filter((r) => r.path.startsWith('/attachments/')).length;
    const text = await privateText(h.mateWithFile({ filename: 'huge.png', bytes: new Uint8Array(10), size: 25 * 1024 * 1024 }, 1, { user: newUser() }));
    expect(text).toBe('/mate: the attached file is 25.0 MB; the largest picture read is 10.0 MB');
    expect(h.fake.requests.filter((r) => r.path.startsWith('/attachments/')).length).toBe(before);
  });

  it('a file that is no picture, and a damaged one', async () => {
    const text = await privateText(h.mateWithFile({ filename: 'notes.png', bytes: new TextEncoder().encode('hello') }, 1, { user: newUser() }));
    expect(text).toBe('/mate: the attached file is not a picture that can be read: send a PNG, JPEG, GIF, WebP file');
    const png = renderBoardPng(parseFen(MATE_IN_1), { size: 200 });
    const cut = await privateText(h.mateWithFile({ filename: 'cut.png', bytes: png.subarray(0, 100) }, 1, { user: newUser() }));
    expect(cut).toBe('/mate: the attached file is a damaged or unreadable PNG file');
  });

  it('a file the CDN no longer has', async () => {
    h.fake.failNext({ method: 'GET', path: '/attachments/', status: 404, body: { message: 'not found' } });
    const png = renderBoardPng(parseFen(MATE_IN_1), { size: 200 });
    const text = await privateText(h.mateWithFile({ filename: 'gone.png', bytes: png }, 1, { user: newUser() }));
    expect(text).toBe('/mate: the attached file could not be fetched from Discord (HTTP 404); please attach it again');
  });

  it('a PGN file that holds no PGN', async () => {
    const text = await privateText(h.mateWithFile({ filename: 'x.pgn', bytes: new TextEncoder().encode('just words') }, 1, { user: newUser() }));
    expect(text).toBe('/mate: the attached file holds no PGN');
  });

  it('neither a FEN nor a file', async () => {
    const handle = h.fake.dispatchInteraction({ name: 'mate', options: [{ name: 'n', type: 4, value: 1 }], user: newUser() });
    expect(await privateText(handle)).toBe('/mate: give the position: a FEN, a link or a PGN in fen, or a picture of the board in image');
  });
});
