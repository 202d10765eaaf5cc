// How bench/popeye-stipulations.ts asks Popeye for each genre and reads its answers (no Popeye
// binary needed): the stipulation line, HalfDuplex where the FEN's side to move is not Popeye's,
// and the solutions of help and series play as UCI lines.

import { describe, expect, it } from 'vitest';
import { parseHelpmateSolutions, popeyeStipulationInput } from '../../bench/popeye-stipulations.ts';
import { BLACK, WHITE } from '../../src/chess/types.ts';

const WHITE_TO_MOVE = '7k/p7/5K2/8/8/8/1P6/Q7 w - - 0 1';
const BLACK_TO_MOVE = '7k/p7/5K2/8/8/8/1P6/Q7 b - - 0 1';

describe('popeyeStipulationInput', () => {
  it('writes the stipulation as problemists do, HalfDuplex where the FEN disagrees with the genre', () => {
    expect(popeyeStipulationInput(WHITE_TO_MOVE, 'help-half', 1)).toMatch(/Stipulation h#1\.5\n/);
    expect(popeyeStipulationInput(WHITE_TO_MOVE, 'help-half', 1)).not.toMatch(/HalfDuplex/);
    expect(popeyeStipulationInput(WHITE_TO_MOVE, 'series-help', 3)).toMatch(/Stipulation ser-h#3\n[\s\S]*Option HalfDuplex/);
    expect(popeyeStipulationInput(BLACK_TO_MOVE, 'help-stalemate', 2)).not.toMatch(/HalfDuplex/);
    expect(popeyeStipulationInput(BLACK_TO_MOVE, 'stalemate', 2)).toMatch(/Stipulation =2\n[\s\S]*Option HalfDuplex/);
    expect(popeyeStipulationInput(WHITE_TO_MOVE, 'semi-reflex', 2)).toMatch(/Stipulation semi-r#2\n/);
  });
});

describe('parseHelpmateSolutions', () => {
  it('reads help play a half move longer and stalemates ("1...Qb1-a2 =")', () => {
    const output = '  1...Re1-a1   2.Kh1*g2 b7*a8=Q #\n  1...Qb1-a2 =\n';
    expect(parseHelpmateSolutions(output, WHITE)).toEqual(['e1a1 h1g2 b7a8q', 'b1a2']);
  });

  it("reads a series: numbered moves the series side's, an unnumbered one the other side's", () => {
    expect(parseHelpmateSolutions('  1.Kh8-h7   2.Kh7-h6 Qa1-h1 #\n', BLACK, true)).toEqual(['h8h7 h7h6 a1h1']);
    expect(parseHelpmateSolutions('  1.Qg2-e4   2.Qe4-h7 + Qf7*h7 #\n', WHITE, true)).toEqual(['g2e4 e4h7 f7h7']);
  });
});
