// The solution of a direct mate written as problemists read it (and Popeye prints it): each key
// marked "!" with its threat or "zugzwang", every defence with all its mating answers (a dual
// flagged), short variations marked, tries as "1. Rb8? … but 1... Kf7!", and set play.

import type { AttackPlay, DefencePlay, ProblemSolution } from '../search/mate/index.ts';
import { type MoveNumbering, numberMoves } from './answer.ts';

/** Each level of play (a defence, an attacker's answer) is indented this much. */
const INDENT = '    ';
/** The marks problemists put after a key and a try, and after a try's refutation. */
const KEY_MARK = '!';
const TRY_MARK = '?';
const REFUTATION_MARK = '!';
const DUAL_NOTE = ' (dual)';
const SHORT_NOTE = ' (short)';

/** The tries' default: first moves refuted by exactly one defence (Popeye's Option Try). */
export const DEFAULT_MAX_REFUTATIONS = 1;

/** A move that mates needs nothing after it. */
const mates = (play: AttackPlay): boolean => play.san.endsWith('#');

class SolutionWriter {
  readonly lines: string[] = [];
  constructor(private readonly numbering: MoveNumbering) {}

  private move(san: string, ply: number): string {
    return numberMoves([san], this.numbering, ply);
  }

  /** "threat: 2. Qxd6#" when every threat move mates at once; else "threat:" and the threat's play below. */
  private threatWords(play: AttackPlay, ply: number): string {
    if (play.zugzwang) return ' zugzwang';
    if (play.threat.length === 0) return '';
    if (play.threat.every(mates)) return ` threat: ${play.threat.map((t) => this.move(t.san, ply)).join(', ')}`;
    return ' threat:';
  }

  /** What follows an attacker's move at `ply`: its threat's play (when long), its variations, its refutations. */
  private after(play: AttackPlay, ply: number, indent: string): void {
    if (!play.threat.every(mates)) {
      for (const threat of play.threat) this.attack(threat, ply + 1, indent + INDENT + INDENT, '');
    }
    this.defences(play.defences, ply, indent + INDENT);
    if (play.refutations.length > 0) {
      const refutations = play.refutations.map((r) => `${this.move(r.san, ply)}${REFUTATION_MARK}`).join(', ');
      this.lines.push(`${indent}${INDENT}but ${refutations}`);
    }
  }

  /** An attacker's move at `ply` on a line of its own, then its play. */
  attack(play: AttackPlay, ply: number, indent: string, mark: string): void {
    this.lines.push(`${indent}${this.move(`${play.san}${mates(play) ? '' : mark}`, ply)}${this.threatWords(play, ply + 2)}`);
    this.after(play, ply + 1, indent);
  }

  /** Each defence at `ply`: with one answer on its line, several mates on its line (a dual), else one per line. */
  defences(defences: readonly DefencePlay[], ply: number, indent: string): void {
    for (const defence of defences) {
      const notes = `${defence.answers.length > 1 ? DUAL_NOTE : ''}${defence.short ? SHORT_NOTE : ''}`;
      const [answer, ...others] = defence.answers;
      if (answer !== undefined && others.length === 0) {
        this.lines.push(`${indent}${numberMoves([defence.san, answer.san], this.numbering, ply)}${this.threatWords(answer, ply + 3)}${notes}`);
        this.after(answer, ply + 2, indent);
      } else if (defence.answers.every(mates)) {
        const answers = defence.answers.map((a) => this.move(a.san, ply + 1)).join(', ');
        this.lines.push(`${indent}${this.move(defence.san, ply)} ${answers}${notes}`);
      } else {
        this.lines.push(`${indent}${this.move(defence.san, ply)}${notes}`);
        for (const each of defence.answers) this.attack(each, ply + 1, indent + INDENT, '');
      }
    }
  }
}

/**
 * The solution, one move per line, indented by level:
 *
 *     Solution:
 *       1. Qg4+!
 *           1... Kd5 2. Qe4#
 *     Tries (refuted by at most 1 defence):
 *       1. Ke4? threat: 2. Qxd6#
 *           1... d5+ 2. Qxd5#
 *           but 1... f5+!
 *     Set play:
 *         1... Kf5 2. Qe4#
 *
 * `hide` wraps each line that gives the solution away (a front end's spoiler marks).
 */
export function formatProblemSolution(
  solution: ProblemSolution, numbering: MoveNumbering, hide: (text: string) => string = (text) => text,
): string[] {
  const keys = new SolutionWriter(numbering);
  for (const key of solution.keys) keys.attack(key, 0, '  ', KEY_MARK);
  const lines = ['Solution:', ...keys.lines.map(hide)];
  if (solution.maxRefutations > 0 && solution.mateIn > 1) {
    const tries = new SolutionWriter(numbering);
    for (const play of solution.tries) tries.attack(play, 0, '  ', TRY_MARK);
    const label = `Tries (refuted by ${solution.maxRefutations === 1 ? 'one defence' : `at most ${solution.maxRefutations} defences`})`;
    lines.push(tries.lines.length === 0 ? `${label}: none` : `${label}:`, ...tries.lines.map(hide));
  }
  if (solution.setPlay !== null && solution.mateIn > 1) {
    const set = new SolutionWriter(numbering);
    set.defences(solution.setPlay, 1, `  ${INDENT}`);
    lines.push(set.lines.length === 0 ? 'Set play: none' : 'Set play:', ...set.lines.map(hide));
  }
  if (!solution.complete) lines.push('(a limit stopped the analysis: some of the solution is missing)');
  return lines;
}
