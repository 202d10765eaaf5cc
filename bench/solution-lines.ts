// A problem's solution as a sorted list of plain lines, one per move with the path that leads to
// it, so that Popeye's printed solution and ours (ProblemSolution) can be compared as sets:
//
//   1.d4g4!                      a key ("?" for a try)
//   1.d4g4! d6d5                 a variation's defence
//   1.d4g4! d6d5 g4e4#           its answer ("#": it mates)
//   1.e3f4? threat d4d6#         a threat move (its own play follows it, as for an answer)
//   1.e3f4? but d6d5             a refutation
//   1.c6c8! zugzwang             a quiet move without threat
//   set e6f5 d4e4#               set play: the defender first
//
// bench/popeye-solutions.ts writes Popeye's lines into test/data/popeye-solutions.json and
// test/mate/solution.test.ts compares ours with them.

import type { AttackPlay, DefencePlay, ProblemSolution } from '../src/search/mate/index.ts';

/** The lines of one attacker move's play, below `path` (the line that names the move). */
function attackLines(play: AttackPlay, path: string, out: string[]): void {
  if (play.zugzwang) out.push(`${path} zugzwang`);
  for (const threat of play.threat) {
    const line = `${path} threat ${threat.uci}${threat.san.endsWith('#') ? '#' : ''}`;
    out.push(line);
    attackLines(threat, line, out);
  }
  defenceLines(play.defences, path, out);
  for (const refutation of play.refutations) out.push(`${path} but ${refutation.uci}`);
}

function defenceLines(defences: readonly DefencePlay[], path: string, out: string[]): void {
  for (const defence of defences) {
    const line = `${path} ${defence.uci}`;
    out.push(line);
    for (const answer of defence.answers) {
      const answerLine = `${line} ${answer.uci}${answer.san.endsWith('#') ? '#' : ''}`;
      out.push(answerLine);
      attackLines(answer, answerLine, out);
    }
  }
}

/** Our solution's lines, sorted; `shortVariations: false` leaves the short variations out (Popeye's NoShortVariations). */
export function solutionLines(solution: ProblemSolution, options: { shortVariations?: boolean } = {}): string[] {
  const keep = options.shortVariations === false ? withoutShort : (play: AttackPlay) => play;
  const out: string[] = [];
  for (const [plays, mark] of [[solution.keys, '!'], [solution.tries, '?']] as const) {
    for (const play of plays) {
      const line = `1.${play.uci}${play.san.endsWith('#') ? '#' : ''}${mark}`;
      out.push(line);
      attackLines(keep(play), line, out);
    }
  }
  if (solution.setPlay) defenceLines(solution.setPlay.filter((d) => options.shortVariations !== false || !d.short).map((d) => ({ ...d, answers: d.answers.map(keep) })), 'set', out);
  return out.sort();
}

/** The play without its short variations, at every level. */
function withoutShort(play: AttackPlay): AttackPlay {
  return {
    ...play,
    threat: play.threat.map(withoutShort),
    defences: play.defences.filter((d) => !d.short).map((d) => ({ ...d, answers: d.answers.map(withoutShort) })),
  };
}
