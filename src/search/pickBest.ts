// Selection-sort step shared by the mate solver and the game engine: moves are scored once, then
// taken best first one at a time, so a cut-off after the first move costs one scan, not a sort.

/** Swaps the best-scored move of [i, end) into slot i and returns it. */
export function pickBest(moves: Int32Array, scores: Int32Array, i: number, end: number): number {
  // The best score so far is kept in a local rather than read back from the array at each step.
  let best = i;
  let bestScore = scores[i];
  for (let j = i + 1; j < end; j++) {
    const score = scores[j];
    if (score > bestScore) {
      best = j;
      bestScore = score;
    }
  }
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
