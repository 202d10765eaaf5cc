// Popeye (https://github.com/thomas-maeder/popeye), the problemists' reference solver, as a peer
// for `npm run bench:mate`: a FEN and n become Popeye input, Popeye runs in a child process under
// a time cap, and its output becomes UCI keys. Only bench/mate.ts uses it; the tests cover the
// input, the parsing and the order of the runs without a Popeye binary (test/bench/popeye.test.ts).
//
// What Popeye is asked. Popeye's "#k" is "mate in at most k": its keys are every first move that
// forces mate in k moves or fewer, printed one per line and ending with " !", a move that mates at
// once decorated with "#". Our solver answers "the shortest mate within n, and every key at that
// length", so Popeye is asked:
//   1. #n. No solution is its proof that there is no mate in n: done, one run.
//   2. Else #(n-1), #(n-2), ... until a run has no solution. The last stipulation solved, k, is
//      the shortest length, and its keys are exactly the keys at length k (each forces mate in at
//      most k, and none in fewer, since #(k-1) has no solution).
//   3. A key printed with "#" mates at once: then the shortest is 1 and the keys are those with
//      "#", with no further run.
// On a suite whose mates are all of length n (the public one), that is two runs for a mate and one
// for a no-mate: the least Popeye must do to say what our solver says. The time is the wall time
// of all runs together, process starts included (about 10 ms each, measured from Node).
//
// The input. Popeye's English piece letters are K Q R B S P (S is the knight; N would be a
// nightrider), so the FEN's knights become S. Black to move: Popeye's "#k" is always White's, and
// `Option HalfDuplex` swaps the roles (Black plays first and mates). Castling: Popeye allows it
// whenever king and rook stand on their home squares, so each home rook whose right the FEN does
// not grant goes into `Option NoCastling` (its squares written together: a1h8). En passant: only
// when the FEN's capture is legal (our FEN parser drops the square otherwise), `Option EnPassant`
// with the double step just played, written together: d7d6d5. X-FEN/Chess960 castling and the
// checks-only mode have no Popeye equivalent here and are refused (PopeyeUnsupported).

import { spawn } from 'node:child_process';
import { makeBoardFen, parseFen } from '../src/chess/fen.ts';
import { castlingIndex } from '../src/chess/position.ts';
import { BLACK, type Color, KING, ROOK, WHITE, makePiece, makeSquare, rankOf, squareAt } from '../src/chess/types.ts';

/** A problem Popeye cannot be asked here (the reason is the message). */
export class PopeyeUnsupported extends Error {}

export interface PopeyeInputOptions {
  /** `Option MaxTime`: Popeye stops itself after this many whole seconds (at least 1). */
  maxTimeSeconds?: number;
  /** Our solver's checks-only mode: Popeye has no such stipulation, so it is refused. */
  checksOnly?: boolean;
}

/** What Popeye needs of a FEN: the board in its letters, who moves, and the option lines. */
export interface PopeyeSetup {
  forsyth: string;
  turn: Color;
  /** Option lines (without "Option "), one per line: HalfDuplex, NoCastling …, EnPassant …. */
  options: string[];
}

/** The FEN (validated by our parser) as Popeye sees it; throws FenError or PopeyeUnsupported. */
export function popeyeSetup(fen: string): PopeyeSetup {
  const pos = parseFen(fen);
  if (pos.chess960) throw new PopeyeUnsupported('Chess960 castling (X-FEN/Shredder-FEN) cannot be given to Popeye');
  const forsyth = makeBoardFen(pos.board).replace(/N/g, 'S').replace(/n/g, 's');
  const options: string[] = [];
  if (pos.turn === BLACK) options.push('HalfDuplex');
  const noCastling: string[] = [];
  for (const color of [WHITE, BLACK] as Color[]) {
    const rank = color === WHITE ? 0 : 7;
    if (pos.board[squareAt(4, rank)] !== makePiece(color, KING)) continue;
    for (const kingSide of [false, true]) {
      const rookSq = squareAt(kingSide ? 7 : 0, rank);
      const held = (pos.castlingRights & (1 << castlingIndex(color, kingSide))) !== 0;
      if (!held && pos.board[rookSq] === makePiece(color, ROOK)) noCastling.push(makeSquare(rookSq));
    }
  }
  if (noCastling.length > 0) options.push(`NoCastling ${noCastling.join('')}`);
  if (pos.epSquare >= 0) {
    // The pawn that just moved two squares went from behind the ep square to in front of it.
    const step = rankOf(pos.epSquare) === 5 ? 16 : -16; // rank 6: a black pawn came from rank 7
    options.push(`EnPassant ${makeSquare(pos.epSquare + step)}${makeSquare(pos.epSquare)}${makeSquare(pos.epSquare - step)}`);
  }
  return { forsyth, turn: pos.turn, options };
}

/** Popeye's input for "mate in at most `moves`" by the side to move in `fen`. */
export function popeyeInput(fen: string, moves: number, options: PopeyeInputOptions = {}): string {
  if (options.checksOnly) throw new PopeyeUnsupported('Popeye has no checks-only mode');
  if (!Number.isInteger(moves) || moves < 1) throw new RangeError(`moves must be an integer >= 1, got ${moves}`);
  const setup = popeyeSetup(fen);
  const lines = ['BeginProblem', `Forsyth ${setup.forsyth}`, `Stipulation #${moves}`, 'Option NoBoard'];
  for (const option of setup.options) lines.push(`Option ${option}`);
  if (options.maxTimeSeconds !== undefined) lines.push(`Option MaxTime ${Math.max(1, Math.ceil(options.maxTimeSeconds))}`);
  lines.push('EndProblem', '');
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Reading Popeye's output

export interface PopeyeOutput {
  /** Every key in UCI, in Popeye's order. */
  keys: string[];
  /** The keys that mate at once (printed with "#"). */
  mateKeys: string[];
  /** "solution finished.": the keys are all of them. */
  complete: boolean;
  /** "solving interrupted." (MaxTime): the keys are those found so far. */
  interrupted: boolean;
  /** Input errors and other complaints, as Popeye printed them. */
  errors: string[];
  /** "v4.104" from the banner, or null. */
  version: string | null;
}

const KEY_LINE = /^\s*1\.(?:\.\.)?\s*(\S.*?)\s+!\s*$/;
const MOVE = /^([KQRBS]?)([a-h][1-8])([-*])([a-h][1-8])(?:=([QRBS]))?(\s*ep\.)?$/;
const PROMOTION: Record<string, string> = { Q: 'q', R: 'r', B: 'b', S: 'n' };
const COMPLAINTS = [/input-error/, /offending item/, /fatal error/, /the side to play can capture the king/, /both sides need a king/, /problem ignored/, /could not recognize/, /cannot recognize/, /not uniq/, /no stipulation specified/, /wrong /];

/** One move as Popeye prints it ("Qc8*h3", "b7*a8=S", "e5*d6 ep.", "0-0-0", "Kh7-g7") in UCI. */
export function popeyeMoveToUci(text: string, turn: Color): string {
  const move = text.trim();
  const rank = turn === WHITE ? '1' : '8';
  if (move === '0-0') return `e${rank}g${rank}`;
  if (move === '0-0-0') return `e${rank}c${rank}`;
  const m = MOVE.exec(move);
  if (!m) throw new Error(`not a Popeye move: "${text}"`);
  const [, , from, , to, promotion] = m;
  return `${from}${to}${promotion ? PROMOTION[promotion] : ''}`;
}

/**
 * Popeye's output (plain text, English) for one problem, `turn` being the side that moves first.
 * Its complaints (an input error, an illegal position) go to standard error, and it still prints
 * "solution finished." on standard output: pass both.
 */
export function parsePopeyeOutput(output: string, turn: Color, stderr = ''): PopeyeOutput {
  const keys: string[] = [];
  const mateKeys: string[] = [];
  const errors: string[] = [];
  let version: string | null = null;
  for (const raw of output.split(/\r?\n/)) {
    const line = raw.trimEnd();
    const banner = /^Popeye .* (v\d+\.\d+)/.exec(line);
    if (banner) version = banner[1];
    const key = KEY_LINE.exec(line);
    if (key) {
      // The move, then its decoration: " +" check, " #" mate, " =" stalemate.
      const [, body] = key;
      const mark = /\s+([+#=])$/.exec(body);
      const uci = popeyeMoveToUci(mark ? body.slice(0, mark.index) : body, turn);
      keys.push(uci);
      if (mark?.[1] === '#') mateKeys.push(uci);
      continue;
    }
    if (COMPLAINTS.some((re) => re.test(line)) && !errors.includes(line.trim())) errors.push(line.trim());
  }
  for (const raw of stderr.split(/\r?\n/)) {
    const line = raw.trim();
    if (line !== '' && !errors.includes(line)) errors.push(line);
  }
  return {
    keys,
    mateKeys,
    complete: /^\s*solution finished\./m.test(output),
    interrupted: /^\s*solving interrupted\./m.test(output),
    errors,
    version,
  };
}

// ---------------------------------------------------------------------------------------------
// Running Popeye

/** One Popeye process: one stipulation #k. */
export interface PopeyeRun {
  moves: number;
  /** 'solved': keys found, all of them; 'none': proven no mate in `moves`; 'timeout': stopped at
   * the cap (keys so far); 'error': Popeye failed or complained. */
  status: 'solved' | 'none' | 'timeout' | 'error';
  keys: string[];
  mateKeys: string[];
  ms: number;
  error?: string;
  version: string | null;
}

/** Runs `popeye` on `input` (standard input), killing it `killAfterMs` after the start. */
export function runPopeyeProcess(path: string, input: string, killAfterMs: number): Promise<{ stdout: string; stderr: string; code: number | null; killed: boolean; ms: number; spawnError?: string }> {
  return new Promise((resolvePromise) => {
    const start = performance.now();
    const child = spawn(path, [], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let killed = false;
    let spawnError: string | undefined;
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => void (stdout += chunk));
    child.stderr.on('data', (chunk: string) => void (stderr += chunk));
    child.stdin.on('error', () => {}); // EPIPE if it dies first: reported through 'close'
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, Math.max(1, killAfterMs));
    child.on('error', (error) => void (spawnError = error.message));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ stdout, stderr, code, killed, ms: performance.now() - start, ...(spawnError ? { spawnError } : {}) });
    });
    child.stdin.end(input);
  });
}

/** Popeye's answer to "#moves" for `fen`, within `capMs`: its own MaxTime (whole seconds, rounded
 * up), and a kill from outside when `capMs` has passed, whichever comes first. */
export async function runPopeye(path: string, fen: string, moves: number, capMs: number): Promise<PopeyeRun> {
  const setup = popeyeSetup(fen);
  const input = popeyeInput(fen, moves, { maxTimeSeconds: capMs / 1000 });
  const result = await runPopeyeProcess(path, input, capMs);
  const parsed = (() => {
    try {
      return parsePopeyeOutput(result.stdout, setup.turn, result.stderr);
    } catch (error) {
      return error as Error;
    }
  })();
  const base = { moves, ms: result.ms };
  if (parsed instanceof Error) return { ...base, status: 'error', keys: [], mateKeys: [], version: null, error: parsed.message };
  const { keys, mateKeys, version } = parsed;
  if (result.spawnError !== undefined) return { ...base, status: 'error', keys, mateKeys, version, error: `could not run ${path}: ${result.spawnError}` };
  if (parsed.errors.length > 0) return { ...base, status: 'error', keys, mateKeys, version, error: `Popeye: ${parsed.errors.join(' / ')}` };
  if (result.killed || parsed.interrupted) return { ...base, status: 'timeout', keys, mateKeys, version };
  if (!parsed.complete || result.code !== 0) {
    const tail = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-3).join(' / ');
    return { ...base, status: 'error', keys, mateKeys, version, error: `Popeye exited with ${result.code} without "solution finished": ${tail}` };
  }
  return { ...base, status: keys.length > 0 ? 'solved' : 'none', keys, mateKeys, version };
}

/** Popeye's answer in our terms: the shortest mate within n and every key at that length. */
export interface PopeyeResult {
  /** 'mate' and 'no-mate' are complete answers; 'timeout' hit the cap; 'error': Popeye failed;
   * 'unsupported': a problem Popeye cannot be asked (see PopeyeUnsupported). */
  status: 'mate' | 'no-mate' | 'timeout' | 'error' | 'unsupported';
  /** Whether a mate in at most n was found (by the runs that finished). */
  solved: boolean;
  mateIn: number | null;
  /** The keys at the shortest length (UCI), or those found so far when not complete. */
  keys: string[];
  /** All runs together, wall time. */
  ms: number;
  timedOut: boolean;
  /** Each Popeye process in order: #n, #(n-1), … */
  runs: PopeyeRun[];
  error?: string;
}

/**
 * Asks Popeye #n, then #(n-1), … as the header says, within `capMs` for all runs together.
 * Never throws for Popeye's failures: they come back as status 'error'.
 */
export async function solveWithPopeye(path: string, fen: string, n: number, capMs: number, options: { checksOnly?: boolean } = {}): Promise<PopeyeResult> {
  const runs: PopeyeRun[] = [];
  const total = (): number => runs.reduce((a, r) => a + r.ms, 0);
  try {
    popeyeInput(fen, n, options); // refuses what Popeye cannot be asked
  } catch (error) {
    const status = error instanceof PopeyeUnsupported ? 'unsupported' : 'error';
    return { status, solved: false, mateIn: null, keys: [], ms: 0, timedOut: false, runs, error: (error as Error).message };
  }
  let best: PopeyeRun | null = null; // the shortest stipulation solved so far
  for (let k = n; k >= 1; k--) {
    const left = capMs - total();
    if (left <= 0) break;
    const run = await runPopeye(path, fen, k, left);
    runs.push(run);
    if (run.status === 'error') {
      return { status: 'error', solved: best !== null, mateIn: null, keys: best?.keys ?? [], ms: total(), timedOut: false, runs, error: run.error };
    }
    if (run.status === 'timeout') break;
    if (run.status === 'none') {
      if (best === null) return { status: 'no-mate', solved: false, mateIn: null, keys: [], ms: total(), timedOut: false, runs };
      return { status: 'mate', solved: true, mateIn: best.moves, keys: best.keys, ms: total(), timedOut: false, runs };
    }
    best = run;
    if (run.mateKeys.length > 0) return { status: 'mate', solved: true, mateIn: 1, keys: run.mateKeys, ms: total(), timedOut: false, runs };
    if (k === 1) return { status: 'mate', solved: true, mateIn: 1, keys: run.keys, ms: total(), timedOut: false, runs };
  }
  // The cap: a mate in at most best.moves is known (when best is set), the shortest is not.
  const last = runs[runs.length - 1];
  return { status: 'timeout', solved: best !== null, mateIn: null, keys: best?.keys ?? last?.keys ?? [], ms: total(), timedOut: true, runs };
}

/** Whether `path` runs as Popeye: a mate in 1 with a known key, and the version it prints. */
export async function probePopeye(path: string): Promise<{ ok: boolean; version: string | null; note: string }> {
  const run = await runPopeye(path, 'k7/8/1K6/8/8/8/8/7R w - - 0 1', 1, 10_000);
  if (run.status === 'solved' && run.keys.length === 1 && run.keys[0] === 'h1h8') return { ok: true, version: run.version, note: '' };
  const what = run.status === 'error' ? run.error : run.status === 'timeout' ? 'no answer to a mate in 1 within 10 s' : `answered ${run.keys.join(' ') || 'none'} to a mate in 1 whose key is h1h8`;
  return { ok: false, version: run.version, note: `${path} does not work as Popeye: ${what}` };
}
