// A fake of Lichess's endgame tablebase (GET /standard?fen=…, OpenAPI tag `tablebase`, schemas
// TablebaseJson and TablebaseMove) on node:http over 127.0.0.1 (random port), for tests.
//
// Answers, in the documented shape (category, dtz, dtm, checkmate, stalemate, insufficient_material,
// and every legal move with uci, san, category, dtz, dtm, zeroing, checkmate, stalemate … from the
// side to move after it, best first):
// - computed for king and queen or king and rook against a lone king, either colour: an exact
//   table built here by retrograde analysis (plain arithmetic, independent of src/chess and of
//   chessops, which only parses the FEN and lists the legal moves): dtm is the plies to mate, and
//   dtz the same (nothing zeroes before the mate in these endings);
// - draws where the rules say so (stalemate, no mating material: the lone kings, a minor piece);
// - canned answers per FEN (setAnswer), the FEN compared without the move counters;
// - `unknown` for anything else.
//
// Faults: setDelay(ms) slows every answer; failNext({ count, status, delayMs, retryAfter }) answers
// the next requests with an error status (500, 429 …), after a delay if asked. requests lists what
// was asked, when, how it was answered, and whether the client gave up waiting first.

import { once } from 'node:events';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Chess } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import type { NormalMove } from 'chessops/types';
import { makeUci } from 'chessops/util';

export type Category =
  | 'win' | 'unknown' | 'syzygy-win' | 'maybe-win' | 'cursed-win' | 'draw' | 'blessed-loss' | 'maybe-loss' | 'syzygy-loss' | 'loss';

interface Figures {
  category: Category;
  dtz: number | null;
  precise_dtz: number | null;
  dtm: number | null;
  dtw: null;
  dtc: null;
  checkmate: boolean;
  stalemate: boolean;
  variant_win: false;
  variant_loss: false;
  insufficient_material: boolean;
}

export interface TablebaseMoveJson extends Figures {
  uci: string;
  san: string;
  zeroing: boolean;
  conversion: boolean;
}

export interface TablebaseJson extends Figures {
  moves: TablebaseMoveJson[];
}

export interface TablebaseRequest {
  readonly fen: string;
  /** performance.now() when it came, and when it was answered or given up. */
  readonly at: number;
  endedAt: number | null;
  status: number | null;
  /** The client closed the connection before the answer. */
  gaveUp: boolean;
}

export interface TablebaseFault {
  /** How many requests it answers (default 1). */
  count?: number;
  /** The status to answer with (500, 429 …); none: the usual answer, after delayMs. */
  status?: number;
  delayMs?: number;
  /** A Retry-After header, in seconds. */
  retryAfter?: number;
}

export class FakeTablebase {
  readonly requests: TablebaseRequest[] = [];
  private readonly canned = new Map<string, TablebaseJson>();
  private faults: Array<Required<Pick<TablebaseFault, 'count'>> & TablebaseFault> = [];
  private delayMs = 0;

  private constructor(private readonly server: Server, readonly url: string) {}

  /** Starts on a random loopback port, its tables built first (about a second, once per process). */
  static async start(): Promise<FakeTablebase> {
    kxkTable('queen');
    kxkTable('rook');
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const fake = new FakeTablebase(server, `http://127.0.0.1:${port}`);
    server.on('request', (req, res) => fake.handle(req, res));
    return fake;
  }

  /** Every answer from now on comes this much later. */
  setDelay(ms: number): void {
    this.delayMs = ms;
  }

  failNext(fault: TablebaseFault = {}): void {
    this.faults.push({ ...fault, count: fault.count ?? 1 });
  }

  clearFaults(): void {
    this.faults = [];
    this.delayMs = 0;
  }

  /** Answers `fen` (compared without the move counters) with `answer`. */
  setAnswer(fen: string, answer: TablebaseJson): void {
    this.canned.set(positionKey(fen), answer);
  }

  /** The answer for `fen`, as the server sends it; throws on a bad FEN. */
  answer(fen: string): TablebaseJson {
    return this.canned.get(positionKey(fen)) ?? lookUp(fen);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close');
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    if (req.method !== 'GET' || url.pathname !== '/standard') return send(res, 404, { error: 'Not found' });
    const fen = (url.searchParams.get('fen') ?? '').replace(/_/g, ' ');
    const record: TablebaseRequest = { fen, at: performance.now(), endedAt: null, status: null, gaveUp: false };
    this.requests.push(record);
    const fault = this.faults[0];
    if (fault && --fault.count <= 0) this.faults.shift();
    const respond = () => {
      record.endedAt = performance.now();
      if (fault?.status !== undefined) {
        record.status = fault.status;
        const headers: Record<string, string> = fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {};
        return send(res, fault.status, fault.status === 429 ? 'Too many requests' : { error: 'Internal error' }, headers);
      }
      let answer: TablebaseJson;
      try {
        answer = this.answer(fen);
      } catch {
        record.status = 400;
        return send(res, 400, { error: 'Invalid fen' });
      }
      record.status = 200;
      send(res, 200, answer);
    };
    const delay = fault?.delayMs ?? this.delayMs;
    if (delay <= 0) return respond();
    const timer = setTimeout(respond, delay);
    res.on('close', () => {
      if (res.writableEnded) return;
      clearTimeout(timer);
      record.gaveUp = true;
      record.endedAt = performance.now();
    });
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', 'access-control-allow-origin': '*', ...headers });
  res.end(text);
}

function positionKey(fen: string): string {
  return fen.replace(/_/g, ' ').trim().split(/\s+/).slice(0, 4).join(' ');
}

// ---- answers ----

function lookUp(fen: string): TablebaseJson {
  const pos = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
  const moves: TablebaseMoveJson[] = [];
  for (const [from, dests] of pos.allDests()) {
    for (const to of dests) {
      const role = pos.board.getRole(from);
      const promotes = role === 'pawn' && (to >> 3 === 0 || to >> 3 === 7);
      for (const promotion of promotes ? (['queen', 'rook', 'bishop', 'knight'] as const) : [undefined]) {
        const move: NormalMove = promotion ? { from, to, promotion } : { from, to };
        const after = pos.clone();
        const zeroing = role === 'pawn' || pos.board.occupied.has(to);
        after.play(move);
        moves.push({ uci: makeUci(move), san: makeSan(pos, move), zeroing, conversion: zeroing, ...figures(after) });
      }
    }
  }
  moves.sort((a, b) => moveOrder(a) - moveOrder(b));
  return { ...figures(pos), moves };
}

/** Best first for the side to move (each move's figures are the opponent's). */
function moveOrder(move: TablebaseMoveJson): number {
  if (move.checkmate) return -1e6;
  const dtz = Math.abs(move.dtz ?? 0);
  switch (move.category) {
    case 'loss': return -1e5 + dtz; // we win: the sooner the better
    case 'draw': return 0;
    case 'win': return 1e5 - dtz; // we lose: the later the better
    default: return 5e4;
  }
}

const DRAW = { category: 'draw', dtz: 0, precise_dtz: 0, dtm: 0 } as const;

function figures(pos: Chess): Figures {
  const base = { dtw: null, dtc: null, checkmate: false, stalemate: false, variant_win: false, variant_loss: false, insufficient_material: false } as const;
  if (pos.isCheckmate()) return { ...base, category: 'loss', dtz: 0, precise_dtz: 0, dtm: 0, checkmate: true };
  if (pos.isStalemate()) return { ...base, ...DRAW, stalemate: true };
  if (pos.isInsufficientMaterial()) return { ...base, ...DRAW, insufficient_material: true };
  const board = pos.board;
  const heavy = board.queen.union(board.rook);
  if (board.occupied.size() === 3 && heavy.size() === 1) {
    const x = heavy.first()!;
    const strongColor = board.white.has(x) ? 'white' : 'black';
    const weakColor = strongColor === 'white' ? 'black' : 'white';
    const table = kxkTable(board.queen.has(x) ? 'queen' : 'rook');
    const index = square3(board.kingOf(strongColor)!, board.kingOf(weakColor)!, x);
    if (pos.turn === strongColor) {
      const plies = table.strong[index];
      return plies > 0 ? { ...base, category: 'win', dtz: plies, precise_dtz: plies, dtm: plies } : { ...base, ...DRAW };
    }
    const plies = table.weak[index];
    return plies > 0 ? { ...base, category: 'loss', dtz: -plies, precise_dtz: -plies, dtm: -plies } : { ...base, ...DRAW };
  }
  return { ...base, category: 'unknown', dtz: null, precise_dtz: null, dtm: null };
}

// ---- king and queen (or rook) against king, by retrograde analysis ----

interface KxkTable {
  /** Strong side to move: plies to mate, or -1 (no win, or not a legal position). */
  readonly strong: Int8Array;
  /** Weak side to move: plies to mate (0: mated), or -1 (not lost, or not a legal position). */
  readonly weak: Int8Array;
}

const tables = new Map<string, KxkTable>();

const square3 = (strongKing: number, weakKing: number, piece: number) => (strongKing << 12) | (weakKing << 6) | piece;
const fileOf = (sq: number) => sq & 7;
const rankOf = (sq: number) => sq >> 3;
const adjacent = (a: number, b: number) => a !== b && Math.abs(fileOf(a) - fileOf(b)) <= 1 && Math.abs(rankOf(a) - rankOf(b)) <= 1;

const KING_STEPS: number[][] = Array.from({ length: 64 }, (_, sq) => {
  const out: number[] = [];
  for (let df = -1; df <= 1; df++) {
    for (let dr = -1; dr <= 1; dr++) {
      const f = fileOf(sq) + df;
      const r = rankOf(sq) + dr;
      if ((df || dr) && f >= 0 && f < 8 && r >= 0 && r < 8) out.push(r * 8 + f);
    }
  }
  return out;
});

const ROOK_DIRS = [[1, 0], [-1, 0], [0, 1], [0, -1]] as const;
const QUEEN_DIRS = [...ROOK_DIRS, [1, 1], [1, -1], [-1, 1], [-1, -1]] as const;

/** Squares the piece on `from` reaches, stopping before the first square in `blockers`. */
function slides(dirs: readonly (readonly [number, number])[], from: number, blockers: readonly number[]): number[] {
  const out: number[] = [];
  for (const [df, dr] of dirs) {
    let f = fileOf(from) + df;
    let r = rankOf(from) + dr;
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
      const sq = r * 8 + f;
      if (blockers.includes(sq)) break;
      out.push(sq);
      f += df;
      r += dr;
    }
  }
  return out;
}

function kxkTable(piece: 'queen' | 'rook'): KxkTable {
  const known = tables.get(piece);
  if (known) return known;
  const dirs = piece === 'queen' ? QUEEN_DIRS : ROOK_DIRS;
  /** Whether the piece on `from` attacks `target`, unless the strong king on `blocker` stands between. */
  const attacks = (from: number, target: number, blocker: number): boolean => {
    const df = fileOf(target) - fileOf(from);
    const dr = rankOf(target) - rankOf(from);
    if (from === target || !(df === 0 || dr === 0 || (piece === 'queen' && Math.abs(df) === Math.abs(dr)))) return false;
    const step = Math.sign(dr) * 8 + Math.sign(df);
    for (let sq = from + step; sq !== target; sq += step) if (sq === blocker) return false;
    return true;
  };
  const size = 64 * 64 * 64;
  const strong = new Int8Array(size).fill(-1);
  const weak = new Int8Array(size).fill(-1);
  const valid = (sk: number, wk: number, x: number) => sk !== wk && sk !== x && wk !== x && !adjacent(sk, wk);

  /** The weak king's moves: successor indices (strong to move), or null for a capture of the piece (a draw). */
  const weakMoves = (sk: number, wk: number, x: number): Array<number | null> => {
    const out: Array<number | null> = [];
    for (const to of KING_STEPS[wk]!) {
      if (to === sk || adjacent(to, sk)) continue;
      if (to === x) out.push(null);
      else if (!attacks(x, to, sk)) out.push(square3(sk, to, x));
    }
    return out;
  };
  const strongMoves = (sk: number, wk: number, x: number): number[] => {
    const out: number[] = [];
    for (const to of KING_STEPS[sk]!) if (to !== x && to !== wk && !adjacent(to, wk)) out.push(square3(to, wk, x));
    for (const to of slides(dirs, x, [sk, wk])) out.push(square3(sk, wk, to));
    return out;
  };

  // Mated positions; legal strong-to-move positions (the weak king not in check).
  const strongLegal: number[] = [];
  const weakOpen: number[] = [];
  for (let sk = 0; sk < 64; sk++) {
    for (let wk = 0; wk < 64; wk++) {
      for (let x = 0; x < 64; x++) {
        if (!valid(sk, wk, x)) continue;
        const index = square3(sk, wk, x);
        const inCheck = attacks(x, wk, sk);
        if (!inCheck) strongLegal.push(index);
        if (weakMoves(sk, wk, x).length === 0) {
          if (inCheck) weak[index] = 0;
        } else {
          weakOpen.push(index);
        }
      }
    }
  }
  const decode = (index: number) => [index >> 12, (index >> 6) & 63, index & 63] as const;
  let quiet = 0;
  for (let ply = 1; quiet < 2; ply++) {
    let changed = false;
    if (ply % 2 === 1) {
      for (const index of strongLegal) {
        if (strong[index] >= 0) continue;
        if (strongMoves(...decode(index)).some((next) => weak[next] >= 0)) {
          strong[index] = ply;
          changed = true;
        }
      }
    } else {
      for (const index of weakOpen) {
        if (weak[index] >= 0) continue;
        if (weakMoves(...decode(index)).every((next) => next !== null && strong[next] > 0)) {
          weak[index] = ply;
          changed = true;
        }
      }
    }
    quiet = changed ? 0 : quiet + 1;
  }
  const table = { strong, weak };
  tables.set(piece, table);
  return table;
}

/** The FEN chessops writes for `fen` (for tests comparing positions). */
export function normalFen(fen: string): string {
  return makeFen(Chess.fromSetup(parseFen(fen).unwrap()).unwrap().toSetup());
}
