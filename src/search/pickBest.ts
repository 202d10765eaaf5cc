// Selection-sort step shared by the mate solver and the game engine: moves are scored once, then
// taken best first one at a time, so a cut-off after the first move costs one scan, not a sort.

/** Swaps the best-scored move of [i, end) into slot i and returns it. */
export function pickBest(moves: Int32Array, scores: Int32Array, i: number, end: number): number {
  let best = i;
  for (let j = i + 1; j < end; j++) if (scores[j] > scores[best]) best = j;
  const move = moves[best];
  if (best !== i) {
    moves[best] = moves[i];
    moves[i] = move;
    const score = scores[best];
    scores[best] = scores[i];
    scores[i] = score;
  }
  return move;
}
