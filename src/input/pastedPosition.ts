// A position given the way people share one instead of a FEN: a link to a Lichess analysis board
// or editor, any link whose query carries a FEN (Chess.com's ?fen=…), or a PGN (the position after
// its main line). Read into a FEN, which the callers then check as if it had been typed. Pure: the
// link is read, never fetched.

import { parsePgn } from 'chessops/pgn';
import { FenError, STARTING_FEN, makeFen, parseFen } from '../chess/fen.ts';
import { NO_MOVE } from '../chess/move.ts';
import { parseSan } from '../chess/san.ts';
import { WHITE } from '../chess/types.ts';
import { UsageError, quote } from '../errors.ts';

/** Where a position was read from, and its FEN (not yet checked: parseFen does that next). */
export interface PastedPosition {
  readonly fen: string;
  readonly from: 'link' | 'PGN' | 'picture';
  /** What the reader assumed and the member should check (a picture's orientation). */
  readonly note?: string;
}

/**
 * A PGN longer than this is refused before parsing: a /mate problem is a position and a few
 * moves, and a whole database pasted by mistake should cost nothing.
 */
export const MAX_PGN_LENGTH = 20_000;

/** The paths of Lichess pages that carry a FEN in their path, after which the FEN follows. */
const LICHESS_FEN_PAGES = /^\/(?:analysis|editor)(?:\/(?:standard|fromPosition))?(?:\/(.*))?$/;

/** "lichess.org/…", "https://www.chess.com/…": a host with a dot, then a path, query or nothing. No FEN looks like it. */
const LINK = /^(?:https?:\/\/)?(?:[a-z0-9-]+\.)+[a-z]{2,}(?:[/?#]\S*)?$/i;

/**
 * A PGN starts with a tag ([Event "…"]), a move number ("1. e4", "12... Nf6") or a comment; a FEN
 * starts with a rank, and a FEN followed by stray text ("… 0 1 [x]") stays a FEN, named as such.
 */
const PGN_START = /^(?:\[\s*[A-Za-z]\w*\s+"|\d+\s*\.|\{)/;

/**
 * The position `text` gives as a link or a PGN; null when it is neither (then it is read as a
 * FEN). A link or PGN that gives no position, or an illegal one, is a UsageError naming why.
 */
export function readPastedPosition(text: string): PastedPosition | null {
  // Pasted with the quotes a console or a shell needs: the quotes are not part of it.
  const unquoted = (/^\s*(["'])(.*)\1\s*$/s.exec(text)?.[2] ?? text).trim();
  if (LINK.test(unquoted)) return { fen: checkedFen(fenFromLink(unquoted), 'link'), from: 'link' };
  if (PGN_START.test(unquoted)) return { fen: fenFromPgn(unquoted), from: 'PGN' };
  return null;
}

/** `fen` written whole, or a UsageError saying that the FEN `from` where it came is wrong. */
function checkedFen(fen: string, from: string): string {
  try {
    return makeFen(parseFen(fen));
  } catch (error) {
    if (error instanceof FenError) throw new UsageError(`the FEN in the ${from} is not a legal position: ${error.message}`);
    throw error;
  }
}

/** The FEN a link carries: a `fen=` query parameter (any site), or a Lichess analysis or editor path. */
export function fenFromLink(link: string): string {
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(link) ? link : `https://${link}`);
  } catch {
    throw new UsageError(`${quote(link)} is not a link that can be read`);
  }
  const query = url.searchParams.get('fen');
  if (query !== null && query.trim() !== '') return fenFromUrlText(query);
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const page = host === 'lichess.org' ? LICHESS_FEN_PAGES.exec(url.pathname) : null;
  if (page?.[1]) {
    // "/analysis/atomic/…": a variant's board, named, rather than a FEN error about "atomic".
    const variant = /^([a-z][a-z0-9]*)\//i.exec(page[1])?.[1];
    if (variant !== undefined && /[^pnbrqk]/i.test(variant)) throw new UsageError(`the link ${quote(link)} is a board of Lichess's ${quote(variant)}; /mate solves standard chess`);
    return fenFromUrlText(decodePath(page[1], link));
  }
  throw new UsageError(
    `the link ${quote(link)} carries no position: paste the FEN, or the link of the analysis board ` +
      `(lichess.org/analysis/… or a link with ?fen=…)`,
  );
}

/** A FEN as links write it: "_" (Lichess) or "+" already decoded for spaces, slashes kept. */
function fenFromUrlText(text: string): string {
  return text.replace(/_/g, ' ').trim().replace(/\s+/g, ' ');
}

function decodePath(path: string, link: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    throw new UsageError(`the link ${quote(link)} has a broken %-escape in its FEN`);
  }
}

/**
 * The FEN after the main line of the one game in `pgn`, played from its [FEN] tag or from the
 * initial position. Comments, variations, NAGs, move numbers and the result are not moves.
 */
export function fenFromPgn(pgn: string): string {
  if (pgn.length > MAX_PGN_LENGTH) throw new UsageError(`the PGN is ${pgn.length} characters long; the limit is ${MAX_PGN_LENGTH}`);
  const games = parsePgn(pgn);
  if (games.length === 0) throw new UsageError('the PGN holds no game');
  if (games.length > 1) throw new UsageError(`the PGN holds ${games.length} games; paste only the one to solve`);
  const game = games[0]!;
  const variant = game.headers.get('Variant');
  if (variant !== undefined && !/^(standard|chess|from position)$/i.test(variant.trim())) {
    throw new UsageError(`the PGN is a game of ${quote(variant)}; /mate solves standard chess`);
  }
  const start = game.headers.get('FEN');
  const moves = [...game.moves.mainline()];
  // Text that only looked like a PGN ("a 1.5") has no moves: the initial position would be a guess.
  if (start === undefined && moves.length === 0) throw new UsageError('the PGN has no moves and no [FEN] tag: there is no position in it');
  const position = parseFen(checkedFen(start ?? STARTING_FEN, "PGN's [FEN] tag"));
  for (const node of moves) {
    const move = parseSan(position, node.san);
    if (move === NO_MOVE) {
      const number = `${position.fullmoves}${position.turn === WHITE ? '.' : '...'}`;
      throw new UsageError(`the PGN's move ${number} ${quote(node.san)} is not legal there (in ${makeFen(position)})`);
    }
    position.make(move);
  }
  return makeFen(position);
}
