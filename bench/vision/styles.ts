// The looks the board renderer draws, and which of them the square classifier may learn from.
// TRAIN styles make its training data; TEST styles are held out (the model never sees them), so
// that the test set measures how it reads boards it was not trained on, as the hidden check does.

export type Split = 'train' | 'test';

/**
 * A piece set: twelve SVG pieces from a Debian package or from Lichess's repository
 * (bench/vision/sources.ts fetches them).
 */
export interface PieceSetSource {
  readonly name: string;
  /**
   * pychess-font: a diagram font (usr/share/pychess/pieces/ttf/<name>.ttf), drawn as text.
   * lila: Lichess's public/piece/<name>/{w,b}{P,N,B,R,Q,K}.svg, the files bench/vision/lila-pieces.ts pins.
   */
  readonly package: 'pychess' | 'xboard' | 'pychess-font' | 'lila';
  readonly split: Split;
  /** A font's family name, as resvg finds it. */
  readonly family?: string;
}

function font(name: string, family: string, split: Split): PieceSetSource {
  return { name: `font-${name}`, package: 'pychess-font', split, family };
}

/**
 * pychess's sets (usr/share/pychess/pieces/<name>/{w,b}{p,n,b,r,q,k}.svg; its one-file sets and
 * the Asian variants' sets left out) and xboard's default theme. Held out: four sets that look
 * like ones in use (leipzig and merida_new are book diagram shapes, kosal and chessmonk screen ones).
 */
export const PIECE_SETS: readonly PieceSetSource[] = [
  { name: 'ada', package: 'pychess', split: 'train' },
  { name: 'alfonso', package: 'pychess', split: 'train' },
  { name: 'alpha', package: 'pychess', split: 'train' },
  { name: 'cburnett', package: 'pychess', split: 'train' },
  { name: 'chessicons', package: 'pychess', split: 'train' },
  { name: 'freestaunton', package: 'pychess', split: 'train' },
  { name: 'kilfiger', package: 'pychess', split: 'train' },
  { name: 'magnetic', package: 'pychess', split: 'train' },
  { name: 'maya', package: 'pychess', split: 'train' },
  { name: 'merida', package: 'pychess', split: 'train' },
  { name: 'metaltops', package: 'pychess', split: 'train' },
  { name: 'pirat', package: 'pychess', split: 'train' },
  { name: 'regular', package: 'pychess', split: 'train' },
  { name: 'xboard', package: 'xboard', split: 'train' },
  { name: 'leipzig', package: 'pychess', split: 'test' },
  { name: 'merida_new', package: 'pychess', split: 'test' },
  { name: 'kosal', package: 'pychess', split: 'test' },
  { name: 'chessmonk', package: 'pychess', split: 'test' },
  // Lichess's sets free for any use (bench/vision/lila-pieces.ts: authors, licences, the files),
  // all trained on: kosal and leipzig, which lila also has, are held out above as pychess's, and
  // shapes (abstract marks, no piece's outline) is left out.
  { name: 'lila-celtic', package: 'lila', split: 'train' },
  { name: 'lila-chessnut', package: 'lila', split: 'train' },
  { name: 'lila-fantasy', package: 'lila', split: 'train' },
  { name: 'lila-firi', package: 'lila', split: 'train' },
  { name: 'lila-governor', package: 'lila', split: 'train' },
  { name: 'lila-kiwen-suwi', package: 'lila', split: 'train' },
  { name: 'lila-letter', package: 'lila', split: 'train' },
  { name: 'lila-mpchess', package: 'lila', split: 'train' },
  { name: 'lila-pirouetti', package: 'lila', split: 'train' },
  { name: 'lila-pixel', package: 'lila', split: 'train' },
  { name: 'lila-rhosgfx', package: 'lila', split: 'train' },
  { name: 'lila-spatial', package: 'lila', split: 'train' },
  // pychess's diagram fonts (pieces/ttf), as books and magazines print them; its cheq font (another
  // letter map), motif (abstract shapes) and usual (resvg draws none of its glyphs) left out. Held
  // out: three, leipzig's among them since its SVG set is held out too.
  font('adventurer', 'Chess Adventurer', 'train'),
  font('cases', 'Chess Cases', 'train'),
  font('harlequin', 'Chess Harlequin', 'train'),
  font('kingdom', 'Chess Kingdom', 'train'),
  font('line', 'Chess Line', 'train'),
  font('magnetic', 'Chess Magnetic', 'train'),
  font('mark', 'Chess Mark', 'train'),
  font('maroquin', 'Chess Marroquin', 'train'),
  font('maya', 'Chess Maya', 'train'),
  font('medieval', 'Chess Mediaeval', 'train'),
  font('merida', 'Chess Merida', 'train'),
  font('millenia', 'Chess Millennia-L', 'train'),
  font('condal', 'Chess Condal', 'test'),
  font('lucena', 'Chess Lucena', 'test'),
  font('leipzig', 'Chess Leipzig', 'test'),
];

/** How the dark squares (and the board under them) are drawn. */
export type Surface =
  | { readonly kind: 'solid' }
  /** A linear shading across the whole board (some apps' glossy boards). */
  | { readonly kind: 'gradient'; readonly strength: number }
  /** Fractal noise laid over the squares: wood or marble grain. */
  | { readonly kind: 'texture'; readonly frequency: readonly [number, number]; readonly strength: number }
  /** A printed diagram: dark squares hatched with lines (angle in degrees, spacing and width as fractions of a square). */
  | { readonly kind: 'hatched'; readonly angle: number; readonly spacing: number; readonly width: number };

export interface BoardTheme {
  readonly name: string;
  readonly light: string;
  readonly dark: string;
  readonly surface: Surface;
  /** Printed: drawn in grey levels only, with a thick frame, pieces black and white. */
  readonly printed: boolean;
  readonly split: Split;
}

const SOLID: Surface = { kind: 'solid' };

function solid(name: string, light: string, dark: string, split: Split): BoardTheme {
  return { name, light, dark, surface: SOLID, printed: false, split };
}

export const THEMES: readonly BoardTheme[] = [
  // The common sites' colours (Lichess's brown, blue, green, grey, purple; Chess.com's green, brown…).
  solid('lichess-brown', '#f0d9b5', '#b58863', 'train'),
  solid('lichess-blue', '#dee3e6', '#8ca2ad', 'train'),
  solid('lichess-green', '#ffffdd', '#86a666', 'train'),
  solid('lichess-grey', '#b8b8b8', '#7d7d7d', 'train'),
  solid('lichess-purple', '#9f90b0', '#7d4a8d', 'train'),
  solid('lichess-ic', '#ececec', '#c1c18e', 'train'),
  solid('lichess-blue2', '#97b2c7', '#546f82', 'train'),
  solid('chesscom-green', '#eeeed2', '#769656', 'train'),
  solid('chesscom-brown', '#edd6b0', '#b88762', 'train'),
  solid('chesscom-dark', '#8b8b8b', '#4c4c4c', 'train'),
  solid('chesscom-icy', '#dfe3e8', '#7d93aa', 'train'),
  solid('chesscom-orange', '#fce4b2', '#d08b18', 'train'),
  solid('pink', '#f5d7e0', '#d1798e', 'train'),
  solid('tournament', '#ebecd0', '#316549', 'train'),
  solid('light-grey', '#ffffff', '#c8c8c8', 'train'),
  { name: 'wood', light: '#e8c99b', dark: '#a66d3c', surface: { kind: 'texture', frequency: [0.01, 0.15], strength: 0.35 }, printed: false, split: 'train' },
  { name: 'marble', light: '#e4e4e4', dark: '#8f9aa3', surface: { kind: 'texture', frequency: [0.04, 0.04], strength: 0.3 }, printed: false, split: 'train' },
  { name: 'glossy-brown', light: '#f0d9b5', dark: '#946f51', surface: { kind: 'gradient', strength: 0.25 }, printed: false, split: 'train' },
  { name: 'glossy-blue', light: '#d9e4e8', dark: '#5b87a8', surface: { kind: 'gradient', strength: 0.2 }, printed: false, split: 'train' },
  { name: 'printed', light: '#ffffff', dark: '#ffffff', surface: { kind: 'hatched', angle: 45, spacing: 0.09, width: 0.025 }, printed: true, split: 'train' },
  { name: 'printed-fine', light: '#ffffff', dark: '#ffffff', surface: { kind: 'hatched', angle: 45, spacing: 0.055, width: 0.018 }, printed: true, split: 'train' },
  { name: 'printed-grey', light: '#ffffff', dark: '#b4b4b4', surface: SOLID, printed: true, split: 'train' },
  // More sites' and apps' colours, and hatching at other angles and weights than the held-out bold
  // one, so that the model learns the piece and not the square under it.
  solid('chesscom-purple', '#efeff0', '#8476ba', 'train'),
  solid('chesscom-red', '#f5dbc3', '#bb5746', 'train'),
  solid('night-blue', '#a7b4c2', '#3d5166', 'train'),
  solid('yellow-green', '#f3f3c4', '#a9b94a', 'train'),
  solid('high-contrast', '#ffffff', '#5a5a5a', 'train'),
  solid('maroon', '#e9d6c0', '#8f3a3a', 'train'),
  { name: 'printed-backslash', light: '#ffffff', dark: '#ffffff', surface: { kind: 'hatched', angle: -45, spacing: 0.075, width: 0.03 }, printed: true, split: 'train' },
  { name: 'printed-vertical', light: '#ffffff', dark: '#ffffff', surface: { kind: 'hatched', angle: 0, spacing: 0.065, width: 0.022 }, printed: true, split: 'train' },
  // Held out.
  solid('chesscom-blue', '#eae9d2', '#4b7399', 'test'),
  solid('lichess-olive', '#b8b19f', '#7a7462', 'test'),
  solid('coral', '#b1e4b9', '#70a2a3', 'test'),
  solid('sand', '#f3e5c8', '#c7a26a', 'test'),
  { name: 'walnut', light: '#dcb98c', dark: '#7b4a2a', surface: { kind: 'texture', frequency: [0.015, 0.2], strength: 0.3 }, printed: false, split: 'test' },
  { name: 'printed-bold', light: '#ffffff', dark: '#ffffff', surface: { kind: 'hatched', angle: 45, spacing: 0.12, width: 0.04 }, printed: true, split: 'test' },
];

/**
 * Printed diagrams with hatching drawn afresh for each board (randomHatch): angles and weights
 * between and beyond the fixed ones above, never as wide-spaced as the held-out bold one. Not in
 * THEMES, so the main streams of boards draw what they always drew; train.sh draws a stream of
 * its own in it.
 */
export const PRINTED_VARIED: BoardTheme = {
  name: 'printed-varied', light: '#ffffff', dark: '#ffffff', surface: { kind: 'hatched', angle: 45, spacing: 0.08, width: 0.025 }, printed: true, split: 'train',
};

/** The widest hatching PRINTED_VARIED draws, as a fraction of a square (the held-out bold one's is 0.12). */
export const VARIED_SPACING: readonly [number, number] = [0.045, 0.1];

/** A theme by name: THEMES' or PRINTED_VARIED. */
export function findTheme(name: string): BoardTheme | undefined {
  return name === PRINTED_VARIED.name ? PRINTED_VARIED : THEMES.find((theme) => theme.name === name);
}

export function piecesFor(split: Split): PieceSetSource[] {
  return PIECE_SETS.filter((set) => set.split === split);
}

export function themesFor(split: Split): BoardTheme[] {
  return THEMES.filter((theme) => theme.split === split);
}
