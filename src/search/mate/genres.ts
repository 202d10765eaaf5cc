// The orthodox genres the mate solver answers, as problemists (and Popeye 4.104) write them: one
// row each, so that parsing, the answer's words and the solvers read the same facts.

import { BLACK, type Color, WHITE } from '../../chess/types.ts';

/**
 * What is asked, Popeye's meanings; the FEN's side to move always begins:
 *   direct #n, self s#n, help h#n, help-half h#n.5 (the mating side begins: one half move more),
 *   help-stalemate h=n, help-stalemate-half h=n.5, stalemate =n (the side to move forces
 *   stalemate of the other), self-stalemate s=n (forces the other side to stalemate it);
 *   series-movers (the side to move makes n moves in a row, none checking): series-direct ser-#n
 *   (its last move mates), series-stalemate ser-=n, series-help ser-h#n (then the other side mates
 *   it in one), series-help-stalemate ser-h=n, series-self ser-s#n (then the other side is forced to
 *   mate it in one); reflex r#n (a selfmate in which a side that can mate in one must), semi-reflex
 *   semi-r#n (the defender alone must), help-self hs#n (2n-1 plies of help play, then the other side
 *   is forced to mate the side that began).
 */
export type Stipulation =
  | 'direct' | 'self' | 'help'
  | 'help-half' | 'help-stalemate' | 'help-stalemate-half'
  | 'stalemate' | 'self-stalemate'
  | 'series-direct' | 'series-self' | 'series-help' | 'series-stalemate' | 'series-help-stalemate'
  | 'reflex' | 'semi-reflex' | 'help-self';

/**
 * How a genre's play runs, the search that answers it: direct (the direct mate solver), forced
 * (one side forces, the other defends: selfmate.ts, keys and a main line), help (every solution).
 */
export type GenreFamily = 'direct' | 'forced' | 'help' | 'series';

/** What the last move must bring about. */
export type Goal = 'mate' | 'stalemate';

export interface Genre {
  readonly stipulation: Stipulation;
  /** What problemists write before n: "h#", "h=", "ser-h#". */
  readonly prefix: string;
  /** Written "n.5": help play that begins with the side that mates (or stalemates). */
  readonly half: boolean;
  readonly family: GenreFamily;
  readonly goal: Goal;
  /** The genre's name in a sentence: "direct mate", "helpmate", "helpstalemate". */
  readonly name: string;
  /** What an answer says it found: "Mate in 3", "Selfstalemate in 2" (capitalised there). */
  readonly word: string;
  /**
   * Whose move reaches the goal: the other side's forced move (s#, s=, ser-s#, hs#), the side's
   * own (=, ser-#, ser-=), or a helped move (h#, h=, ser-h#, ser-h=).
   */
  readonly by: 'self' | 'direct' | 'help';
  /** r#n (full), semi-r#n (semi): who must mate in one when able. */
  readonly reflex?: 'semi' | 'full';
  /** Who begins in Popeye's (and the problem texts') convention; a FEN may say otherwise. */
  readonly popeyeFirst: Color;
}

const genre = (
  stipulation: Stipulation, prefix: string, family: GenreFamily, goal: Goal, name: string, popeyeFirst: Color,
  { half = false, word = name, by = 'self', reflex }: { half?: boolean; word?: string; by?: Genre['by']; reflex?: Genre['reflex'] } = {},
): Genre => ({ stipulation, prefix, half, family, goal, name, word, by, popeyeFirst, ...(reflex ? { reflex } : {}) });

/** Every genre, in the order a list of them is shown (Discord's choices, --kind's help). */
export const GENRES: readonly Genre[] = [
  genre('direct', '#', 'direct', 'mate', 'direct mate', WHITE, { word: 'mate', by: 'direct' }),
  genre('self', 's#', 'forced', 'mate', 'selfmate', WHITE),
  genre('help', 'h#', 'help', 'mate', 'helpmate', BLACK, { by: 'help' }),
  genre('help-half', 'h#', 'help', 'mate', 'helpmate', WHITE, { half: true, by: 'help' }),
  genre('help-stalemate', 'h=', 'help', 'stalemate', 'helpstalemate', BLACK, { by: 'help' }),
  genre('help-stalemate-half', 'h=', 'help', 'stalemate', 'helpstalemate', WHITE, { half: true, by: 'help' }),
  genre('stalemate', '=', 'forced', 'stalemate', 'stalemate', WHITE, { by: 'direct' }),
  genre('self-stalemate', 's=', 'forced', 'stalemate', 'selfstalemate', WHITE),
  genre('series-help', 'ser-h#', 'series', 'mate', 'series helpmate', BLACK, { by: 'help' }),
  genre('series-direct', 'ser-#', 'series', 'mate', 'series mate', WHITE, { by: 'direct' }),
  genre('series-self', 'ser-s#', 'series', 'mate', 'series selfmate', WHITE, { by: 'self' }),
  genre('series-stalemate', 'ser-=', 'series', 'stalemate', 'series stalemate', WHITE, { by: 'direct' }),
  genre('series-help-stalemate', 'ser-h=', 'series', 'stalemate', 'series helpstalemate', BLACK, { by: 'help' }),
  genre('reflex', 'r#', 'forced', 'mate', 'reflexmate', WHITE, { reflex: 'full' }),
  genre('semi-reflex', 'semi-r#', 'forced', 'mate', 'semi-reflexmate', WHITE, { reflex: 'semi' }),
  genre('help-self', 'hs#', 'help', 'mate', 'help-selfmate', WHITE, { by: 'self' }),
];

export const STIPULATIONS: readonly Stipulation[] = GENRES.map((g) => g.stipulation);

const BY_STIPULATION = new Map(GENRES.map((g) => [g.stipulation, g]));

export function genreOf(stipulation: Stipulation): Genre {
  return BY_STIPULATION.get(stipulation)!;
}

/** The stipulation as problemists write it: "#3", "h#2.5", "h=2". */
export function stipulationText(stipulation: Stipulation, n: number): string {
  const g = genreOf(stipulation);
  return `${g.prefix}${n}${g.half ? '.5' : ''}`;
}

/** A length as problemists write it: "2", or "2.5" in a half-move genre (n counts whole moves after the half). */
export function lengthText(stipulation: Stipulation, n: number): string {
  return genreOf(stipulation).half ? `${n}.5` : `${n}`;
}

/** The genre a prefix and its half move name ("h#" and true: h#n.5), or null when none. */
export function genreByPrefix(prefix: string, half: boolean): Genre | null {
  return GENRES.find((g) => g.prefix === prefix && g.half === half) ?? null;
}
