// The solution of a direct mate as problemists read it (Popeye's Variation, Try, Defence k and
// SetPlay): each key with its threat (the mate if the defender could pass) or zugzwang, every
// defence with all its quickest mates (two or more: a dual), tries and their refutations, set play.
//
// Built on a MateSolver right after a solve that found mate in n, its table still warm. Which
// defences are shown follows Popeye 4.104 (solving/battle_play/threat.c): after a quiet move with a
// threat of length t, a defence is a variation when mate then takes longer than t, or exactly t
// with at least one threat move no longer mating; a defence that lets mate come sooner than the
// threat is no defence and is left out. After a check, or in zugzwang, every defence is shown.
// The threat is the shortest mate after a null move, which is impossible when the defender is in
// check; set play is the defender moving first, so it is impossible when the attacker is in check.

import { legalMoveList } from '../../chess/movegen.ts';
import type { Position } from '../../chess/position.ts';
import { makeSan } from '../../chess/san.ts';
import { makeUci } from '../../chess/uci.ts';
import type { MateSolver } from './solver.ts';

export interface AnalysisOptions {
  /** Tries are first moves refuted by at least 1 and at most this many defences (Popeye's Defence k); 0: none. */
  readonly maxRefutations: number;
}

/** A move in both notations, in the position it is played from. */
export interface PlayedMove {
  readonly san: string;
  readonly uci: string;
}

/** An attacker's move with the play after it (nothing after a move that mates). */
export interface AttackPlay extends PlayedMove {
  /** The mates that would follow if the defender could pass: their first moves with their play; [] for none. */
  readonly threat: AttackPlay[];
  /** A quiet move with no threat: every defence loses only because the defender must move. */
  readonly zugzwang: boolean;
  /** The defences shown as variations. */
  readonly defences: DefencePlay[];
  /** The defences after which no mate follows in time (a try's refutations: "but 1... Kf7!"). */
  readonly refutations: PlayedMove[];
}

/** A defence and every quickest mating answer to it. */
export interface DefencePlay extends PlayedMove {
  /** Every attacker move that mates in the fewest moves after this defence; two or more: a dual. */
  readonly answers: AttackPlay[];
  /** Mate comes sooner than the full length (a short variation). */
  readonly short: boolean;
}

export interface ProblemSolution {
  /** The length the solution is written for: the shortest mate found. */
  readonly mateIn: number;
  readonly keys: AttackPlay[];
  /** First moves refuted by at least one and at most `maxRefutations` defences. */
  readonly tries: AttackPlay[];
  readonly maxRefutations: number;
  /** The defender moving first in the diagram, and the mates that would follow; null when impossible (the attacker is in check). */
  readonly setPlay: DefencePlay[] | null;
  /** False when a limit stopped the analysis: what is here is right but some of it is missing. */
  readonly complete: boolean;
}

const played = (pos: Position, move: number): PlayedMove => ({ san: makeSan(pos, move), uci: makeUci(pos, move) });

/** The analysis of one position: the solver's proofs and its working position. */
class Analyst {
  constructor(private readonly solver: MateSolver, private readonly pos: Position) {}

  /** Attacker to move: every move that mates in exactly `moves` (the shortest), with its play. */
  matingMoves(moves: number): AttackPlay[] {
    const pos = this.pos;
    const found: AttackPlay[] = [];
    for (const move of legalMoveList(pos)) {
      pos.make(move);
      const mates = this.solver.matesAfterMove(moves);
      pos.unmake(move);
      if (mates) found.push(this.attackPlay(move, moves - 1));
    }
    return found;
  }

  /** The first moves (UCI) that mate in `moves` here, attacker to move. */
  private matingFirstMoves(moves: number): Set<string> {
    const pos = this.pos;
    const found = new Set<string>();
    for (const move of legalMoveList(pos)) {
      pos.make(move);
      const mates = this.solver.matesAfterMove(moves);
      pos.unmake(move);
      if (mates) found.add(makeUci(pos, move));
    }
    return found;
  }

  /** The attacker's `move`, after which it has `left` moves to mate in: threat, variations, refutations. */
  attackPlay(move: number, left: number): AttackPlay {
    const pos = this.pos;
    const { san, uci } = played(pos, move);
    if (left === 0) return { san, uci, threat: [], zugzwang: false, defences: [], refutations: [] };
    pos.make(move);
    let threat: AttackPlay[] = [];
    let threatLength = 0;
    const quiet = !pos.inCheck();
    if (quiet) {
      pos.makeNull();
      threatLength = this.solver.shortestMateIn(left);
      if (threatLength > 0) threat = this.matingMoves(threatLength);
      pos.unmakeNull();
    }
    const threatMoves = new Set(threat.map((t) => t.uci));
    const defences: DefencePlay[] = [];
    const refutations: PlayedMove[] = [];
    for (const defence of legalMoveList(pos)) {
      const name = played(pos, defence);
      pos.make(defence);
      const mateIn = this.solver.shortestMateIn(left);
      if (mateIn === 0) refutations.push(name);
      else if (threatLength === 0 || this.defeatsThreat(mateIn, threatLength, threatMoves)) {
        defences.push({ ...name, answers: this.matingMoves(mateIn), short: mateIn < left });
      }
      pos.unmake(defence);
    }
    pos.unmake(move);
    return { san, uci, threat, zugzwang: quiet && threatLength === 0, defences, refutations };
  }

  /**
   * After a defence with mate in `mateIn`: is it a variation against a threat of `threatLength`?
   * Yes when mate takes longer, or as long but some threat move no longer mates in time.
   */
  private defeatsThreat(mateIn: number, threatLength: number, threatMoves: ReadonlySet<string>): boolean {
    if (mateIn !== threatLength) return mateIn > threatLength;
    const stillMating = this.matingFirstMoves(threatLength);
    for (const move of threatMoves) if (!stillMating.has(move)) return true;
    return false;
  }

  /** The defender to move: each defence after which the attacker mates within `left`, with all its quickest mates. */
  defencesWithMates(left: number): DefencePlay[] {
    const pos = this.pos;
    const found: DefencePlay[] = [];
    for (const defence of legalMoveList(pos)) {
      const name = played(pos, defence);
      pos.make(defence);
      const mateIn = this.solver.shortestMateIn(left);
      if (mateIn > 0) found.push({ ...name, answers: this.matingMoves(mateIn), short: mateIn < left });
      pos.unmake(defence);
    }
    return found;
  }

  /** More than `limit` of the defences to `move` leave no mate within `left`? (Stops counting there.) */
  refutedMoreThan(move: number, left: number, limit: number): boolean {
    const pos = this.pos;
    pos.make(move);
    let refuted = 0;
    for (const defence of legalMoveList(pos)) {
      pos.make(defence);
      if (this.solver.shortestMateIn(left) === 0) refuted++;
      pos.unmake(defence);
      if (refuted > limit) break;
    }
    pos.unmake(move);
    return refuted > limit;
  }
}

/**
 * The problemist's solution of a mate in `mateIn` whose `keys` the solver has just proven (call
 * right after solve(), like solutionTree). Keys first, then tries, then set play: a limit that
 * stops it leaves the parts done so far, marked incomplete.
 */
export function analyseSolution(
  solver: MateSolver, keys: readonly number[], mateIn: number, options: AnalysisOptions,
): ProblemSolution {
  const solution = { mateIn, keys: [] as AttackPlay[], tries: [] as AttackPlay[], maxRefutations: options.maxRefutations, setPlay: null as DefencePlay[] | null };
  const complete = solver.explore((pos) => {
    const analyst = new Analyst(solver, pos);
    for (const key of keys) solution.keys.push(analyst.attackPlay(key, mateIn - 1));
    if (options.maxRefutations > 0 && mateIn > 1) {
      for (const move of legalMoveList(pos)) {
        if (keys.includes(move) || analyst.refutedMoreThan(move, mateIn - 1, options.maxRefutations)) continue;
        const play = analyst.attackPlay(move, mateIn - 1);
        // A move that stalemates has no refutation: it fails, but it is no try.
        if (play.refutations.length > 0) solution.tries.push(play);
      }
    }
    if (!pos.inCheck()) {
      pos.makeNull();
      solution.setPlay = mateIn > 1 ? analyst.defencesWithMates(mateIn - 1) : [];
      pos.unmakeNull();
    }
  });
  return { ...solution, complete };
}
