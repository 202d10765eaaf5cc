// A known win against a bare king. The network learned from games, which rarely reach a lone king
// against a queen or rook: it scores such positions well for the stronger side, but with no sense
// of which of them lie nearer the mate, so the search, which cannot see a mate twenty plies away,
// shuffled until the fifty-move rule or the move cap drew games it had won (9 of 1968 games of one
// self-play test at 25,000 nodes a move; of 40 random positions of these endings it mated in 32,
// in 4 of the 10 with a bishop and knight: `npm run bench:endgames`). Here the score rises as
// the lone king is pushed to the edge (against a bishop and knight, to a corner the bishop covers)
// and the winning king comes near, the gradient of the classic engines' "mop-up" evaluation, so
// every move the search picks makes progress towards the mate.

import type { Position } from '../../chess/position.ts';
import { BISHOP, KNIGHT, PAWN, QUEEN, ROOK, fileOf, makePiece, rankOf } from '../../chess/types.ts';
import type { Color } from '../../chess/types.ts';

/** bareKingScore's answer for a position it does not score. */
export const NOT_BARE_KING = -0x7fffffff;

/**
 * Well above the network's scores of positions with pieces on both sides, well below the mate
 * scores: a bare king's side is lost, and the search should prefer a line into such an ending.
 */
const KNOWN_WIN = 2000;
/** The winning side's material, counted so that a promotion or a piece kept still scores. */
const VALUE = Int32Array.of(0, 100, 320, 330, 500, 900, 0, 0);
/** Per step of the lone king from the centre (Manhattan, 0 to 6). */
const EDGE_STEP = 40;
/** Per step of the lone king from the nearer corner the bishop covers (Manhattan, 0 to 14). */
const CORNER_STEP = 100;
/** Per step the kings stand apart (Chebyshev, 1 to 7): the winning king must help. */
const KING_DISTANCE_STEP = 20;

/**
 * The score for the side to move when one side has only its king and the other enough to force
 * mate with pieces alone (a queen, a rook, a bishop and a knight, or bishops of both colours),
 * else NOT_BARE_KING. Checked at every evaluation, so the common case costs two comparisons.
 */
export function bareKingScore(pos: Position): number {
  const counts = pos.pieceCount;
  if (counts[0] !== 1 && counts[1] !== 1) return NOT_BARE_KING;
  const strong: Color = counts[0] === 1 ? 1 : 0;
  if (counts[strong] === 1) return NOT_BARE_KING; // two bare kings: insufficient material
  const m = pos.material;
  const queens = m[makePiece(strong, QUEEN)];
  const rooks = m[makePiece(strong, ROOK)];
  const bishops = m[makePiece(strong, BISHOP)];
  const knights = m[makePiece(strong, KNIGHT)];
  let lightBishops = 0;
  let darkBishops = 0;
  if (bishops > 0) {
    const list = pos.pieceList;
    const bishop = makePiece(strong, BISHOP);
    for (let i = strong << 4, end = (strong << 4) + counts[strong]; i < end; i++) {
      const sq = list[i];
      if (pos.board[sq] !== bishop) continue;
      if (isLight(sq)) lightBishops++;
      else darkBishops++;
    }
  }
  const heavy = queens + rooks > 0;
  const bishopPair = lightBishops > 0 && darkBishops > 0;
  if (!heavy && !bishopPair && !(bishops > 0 && knights > 0)) return NOT_BARE_KING;
  // Without a queen, a rook or bishops of both colours, the mate needs a corner of the bishop's colour.
  const bishopAndKnight = !heavy && !bishopPair;

  const loser = pos.kingSquare[strong ^ 1];
  const winner = pos.kingSquare[strong];
  let score = KNOWN_WIN
    + VALUE[QUEEN] * queens + VALUE[ROOK] * rooks + VALUE[BISHOP] * bishops + VALUE[KNIGHT] * knights
    + VALUE[PAWN] * m[makePiece(strong, PAWN)]
    - KING_DISTANCE_STEP * Math.max(Math.abs(fileOf(loser) - fileOf(winner)), Math.abs(rankOf(loser) - rankOf(winner)));
  score += bishopAndKnight
    ? CORNER_STEP * (14 - cornerDistance(loser, lightBishops > 0))
    : EDGE_STEP * centreDistance(loser);
  return pos.turn === strong ? score : 0 - score;
}

/** a1 is dark: a square is light when its file and rank differ in parity. */
const isLight = (sq: number): boolean => ((fileOf(sq) + rankOf(sq)) & 1) === 1;

/** Manhattan steps from the nearest of the four centre squares: 0 in the centre, 6 in a corner. */
function centreDistance(sq: number): number {
  const file = fileOf(sq);
  const rank = rankOf(sq);
  return (file < 4 ? 3 - file : file - 4) + (rank < 4 ? 3 - rank : rank - 4);
}

/** Manhattan steps to the nearer corner of the given colour (light: a8 and h1; dark: a1 and h8). */
function cornerDistance(sq: number, light: boolean): number {
  const file = fileOf(sq);
  const rank = rankOf(sq);
  return light
    ? Math.min(file + (7 - rank), (7 - file) + rank)
    : Math.min(file + rank, (7 - file) + (7 - rank));
}
