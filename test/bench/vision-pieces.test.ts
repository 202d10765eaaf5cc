// The Lichess piece sets the classifier trains on: every set the styles name is pinned, file by
// file, and none is one the licence rules or the held-out test keep out (bench/vision/README.md).

import { describe, expect, it } from 'vitest';
import { LILA_SETS, pieceUrl } from '../../bench/vision/lila-pieces.ts';
import { PIECE_SETS } from '../../bench/vision/styles.ts';

const PIECES = ['wP', 'wN', 'wB', 'wR', 'wQ', 'wK', 'bP', 'bN', 'bB', 'bR', 'bQ', 'bK'];
/** lila's non-free sets, its CC BY-NC ones, and the sets held out as pychess's. */
const KEPT_OUT = ['alpha', 'chess7', 'companion', 'leipzig', 'reillycraig', 'riohacha', 'california', 'caliente', 'maestro', 'fresca',
  'cardinal', 'icpieces', 'gioco', 'tatiana', 'staunty', 'dubrovny', 'anarcandy', 'disguised', 'cooke', 'monarchy', 'xkcd', 'horsey', 'kosal'];

describe('Lichess piece sets', () => {
  it('pins all twelve files of every set, each by a SHA-256', () => {
    for (const set of LILA_SETS) {
      expect(Object.keys(set.files).sort()).toEqual([...PIECES].sort());
      for (const hash of Object.values(set.files)) expect(hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('has a pinned set for every lila style and a style for every pinned set', () => {
    const styled = PIECE_SETS.filter((set) => set.package === 'lila').map((set) => set.name.replace(/^lila-/, '')).sort();
    expect(styled).toEqual(LILA_SETS.map((set) => set.name).sort());
  });

  it('trains on them only, and on none kept out', () => {
    for (const set of PIECE_SETS.filter((s) => s.package === 'lila')) expect(set.split).toBe('train');
    for (const set of LILA_SETS) {
      expect(KEPT_OUT).not.toContain(set.name);
      expect(set.licence).not.toMatch(/NC/);
    }
  });

  it('fetches from one pinned commit', () => {
    expect(pieceUrl('celtic', 'wK')).toMatch(/^https:\/\/raw\.githubusercontent\.com\/[^/]+\/[^/]+\/[0-9a-f]{40}\/public\/piece\/celtic\/wK\.svg$/);
  });
});
