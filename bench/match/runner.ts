// Plays the games of a match: a pool of slots (one per concurrent game), each with its own two
// engine processes, taking game numbers from a shared counter. Per game: ucinewgame, then per move
// "position … moves …" and "go wtime btime winc binc" to the side to move, its time measured on
// the wall clock and charged to its clock, the move checked by our rules core, the end decided
// by the rules, the move cap or a forfeit (time, illegal move, crash, hang). An engine that
// crashed or hung is restarted before its next game.

import { GameClock, type TimeControl } from './clock.ts';
import { EngineExited, EngineTimeout, type SearchReport, type TrafficLog, UciEngine } from './engine.ts';
import { type GameEnd, MatchGame, WHITE, colorName, forfeit } from './game.ts';
import { pairing } from './openings.ts';
import { type PgnMove, writePgn } from './pgn.ts';
import type { EngineSpec } from './spec.ts';
import type { GameRecord, MoveStat } from './stats.ts';
import { formatScore } from './uciText.ts';

export interface RunnerConfig {
  specs: [EngineSpec, EngineSpec];
  /** The setoption pairs for each engine (its own options plus Hash/Threads), already checked. */
  setup: [Array<[string, string]>, Array<[string, string]>];
  names: [string, string];
  tc: TimeControl;
  games: number;
  openings: string[];
  concurrency: number;
  maxPlies: number;
  graceMs: number;
  comments: boolean;
  event: string;
  date: Date;
  /** A traffic log per engine process, by label (e.g. "e1.0"). */
  log?: (label: string) => TrafficLog;
  /** Games (0-based) already played in an earlier run (--resume): skipped. */
  done?: ReadonlySet<number>;
}

export interface RunnerHooks {
  /** A game finished (or, with end null, was cut short by stop()); `pgn` is its PGN text. */
  onGame(record: GameRecord, pgn: string): void;
  onNote(line: string): void;
}

/** Something that makes further games impossible (an engine that cannot be restarted). */
export class MatchAbort extends Error {}

/** Starts an engine, sends its options and waits for readyok. Throws on any failure. */
/** How long an engine on a node budget (spec nodes=) may take for one move before it counts as hung. */
const NODES_MOVE_LIMIT_MS = 120_000;

export async function startEngine(spec: EngineSpec, setup: ReadonlyArray<[string, string]>, log?: TrafficLog): Promise<UciEngine> {
  const engine = await UciEngine.start(spec, log);
  try {
    engine.configure(setup);
    await engine.ready();
    return engine;
  } catch (error) {
    engine.kill();
    throw error;
  }
}

interface Slot {
  index: number;
  engines: [UciEngine | null, UciEngine | null];
}

export class MatchRunner {
  readonly records: GameRecord[] = [];
  stopping = false;
  /** Set by drain(): no game starts any more, those in progress play on. */
  draining = false;
  abortReason: string | null = null;
  private next = 0;
  private readonly slots: Slot[] = [];

  constructor(private readonly config: RunnerConfig, private readonly hooks: RunnerHooks, first?: [UciEngine, UciEngine]) {
    for (let i = 0; i < Math.min(config.concurrency, config.games); i++) {
      this.slots.push({ index: i, engines: i === 0 && first ? [first[0], first[1]] : [null, null] });
    }
  }

  /** Plays every game (or until stop()); resolves when all slots are idle and the engines have quit. */
  async run(): Promise<void> {
    await Promise.all(this.slots.map((slot) => this.work(slot)));
    await Promise.all(this.slots.flatMap((slot) => slot.engines.map((e) => e?.quit() ?? Promise.resolve())));
  }

  /** Starts no further game; the games in progress play to their end (a decided SPRT). */
  drain(): void {
    this.draining = true;
  }

  /** Stops at once: the games in progress end unfinished, every engine is killed. */
  stop(): void {
    this.stopping = true;
    for (const slot of this.slots) for (const engine of slot.engines) engine?.kill();
  }

  private async work(slot: Slot): Promise<void> {
    while (!this.stopping && !this.draining && this.next < this.config.games) {
      const game = this.next++;
      if (this.config.done?.has(game)) continue;
      let record: GameRecord;
      let pgn: string;
      try {
        [record, pgn] = await this.play(slot, game);
      } catch (error) {
        if (!(error instanceof MatchAbort)) throw error;
        if (this.abortReason === null) this.abortReason = error.message;
        this.stop();
        return;
      }
      this.records.push(record);
      this.hooks.onGame(record, pgn);
    }
  }

  /** The slot's engine `who`, (re)started if it is missing, exited, crashed or hung. */
  private async engine(slot: Slot, who: 0 | 1): Promise<UciEngine> {
    const current = slot.engines[who];
    if (current !== null && !current.exited) return current;
    if (this.stopping) throw new MatchAbort('stopping');
    const label = `e${who + 1}.${slot.index}`;
    if (current !== null) this.hooks.onNote(`restarting ${this.config.names[who]} (slot ${slot.index + 1}): its process ended (${current.exitDescription})`);
    try {
      const engine = await startEngine(this.config.specs[who], this.config.setup[who], this.config.log?.(label));
      slot.engines[who] = engine;
      return engine;
    } catch (error) {
      slot.engines[who] = null;
      throw new MatchAbort(`${this.config.names[who]} could not be (re)started: ${(error as Error).message}`);
    }
  }

  /** Throws MatchAbort if the engines cannot be made ready for a new game (after one restart). */
  private async prepare(slot: Slot): Promise<[UciEngine, UciEngine]> {
    const out: UciEngine[] = [];
    for (const who of [0, 1] as const) {
      let engine = await this.engine(slot, who);
      try {
        await engine.newGame();
      } catch {
        if (this.stopping) throw new MatchAbort('stopping');
        engine.kill();
        await engine.whenExited();
        engine = await this.engine(slot, who);
        try {
          await engine.newGame();
        } catch (error) {
          engine.kill();
          throw new MatchAbort(`${this.config.names[who]} does not answer ucinewgame/isready: ${(error as Error).message}`);
        }
      }
      out.push(engine);
    }
    return [out[0], out[1]];
  }

  private async play(slot: Slot, index: number): Promise<[GameRecord, string]> {
    const { config } = this;
    const { opening, engine1White } = pairing(index, config.openings.length);
    const game = new MatchGame(config.openings[opening], config.maxPlies);
    const clock = new GameClock(config.tc);
    const moves: MoveStat[] = [];
    const pgnMoves: PgnMove[] = [];
    const notes: string[] = [];
    const record = (end: GameEnd | null): [GameRecord, string] => {
      const rec: GameRecord = { round: index + 1, opening, engine1White, end, plies: game.plies, moves, notes };
      return [rec, this.pgn(rec, game, pgnMoves)];
    };

    let engines: [UciEngine, UciEngine];
    try {
      engines = await this.prepare(slot);
    } catch (error) {
      if (this.stopping) return record(null);
      throw error;
    }

    let end: GameEnd | null = null;
    while (end === null) {
      if (this.stopping) return record(null);
      end = game.adjudicate();
      if (end !== null) break;
      const side = game.turn;
      const who: 0 | 1 = (side === WHITE) === engine1White ? 0 : 1;
      const engine = engines[who];
      const nodes = config.specs[who].nodes;
      const limit = nodes === undefined ? clock.waitLimit(side, config.graceMs) : NODES_MOVE_LIMIT_MS;
      const before = clock.remaining[side];
      let report: SearchReport;
      try {
        report = await engine.search(game.positionCommand(), nodes === undefined ? clock.goCommand() : `go nodes ${nodes}`, limit);
      } catch (error) {
        if (this.stopping) return record(null);
        if (error instanceof EngineTimeout) {
          engine.kill();
          await engine.whenExited();
          end = forfeit(side, 'hang', `no bestmove ${(limit / 1000).toFixed(1)} s after go, with ${(before / 1000).toFixed(2)} s on its clock`);
        } else if (error instanceof EngineExited) {
          end = forfeit(side, 'crash', error.message);
          const tail = engine.stderrTail();
          if (tail.length > 0) notes.push(`${config.names[who]} stderr (last lines):`, ...tail.map((l) => `  ${l}`));
        } else {
          throw error;
        }
        break;
      }
      const remainingMs = before - report.elapsedMs;
      const depth = report.score?.kind === 'mate' ? undefined : report.depth;
      moves.push({ engine: who, elapsedMs: report.elapsedMs, depth, nodes: report.nodes, remainingMs });
      if (!clock.charge(side, nodes === undefined ? report.elapsedMs : 0)) {
        end = game.flag();
        notes.push(`${config.names[who]} (${colorName(side)}) flagged: ${report.elapsedMs.toFixed(0)} ms for a move with ${before.toFixed(0)} ms left`);
        break;
      }
      const san = report.bestmove === null ? null : game.play(report.bestmove);
      if (san === null) {
        const fen = game.fen;
        end = forfeit(side, 'illegal-move', `"${report.bestmove ?? ''}" in ${fen}`);
        notes.push(`${config.names[who]} (${colorName(side)}) played "${report.bestmove ?? '(nothing)'}", not a legal move in ${fen}`);
        break;
      }
      pgnMoves.push({ san, comment: config.comments ? moveComment(report) : undefined });
    }
    return record(end);
  }

  private pgn(record: GameRecord, game: MatchGame, moves: PgnMove[]): string {
    const { config } = this;
    const [white, black] = record.engine1White ? config.names : [config.names[1], config.names[0]];
    return writePgn({
      event: config.event,
      site: 'local',
      date: config.date,
      round: String(record.round),
      white,
      black,
      result: record.end?.result ?? '*',
      timeControl: config.tc.pgn,
      startFen: game.startFen,
      startTurn: game.startTurn,
      startFullmove: game.startFullmove,
      termination: record.end?.termination ?? 'unterminated',
      moves,
      finalComment: record.end?.text ?? 'Match interrupted',
    });
  }
}

/** "+0.35/12 0.52s" (the mover's score and depth, then the time), as cutechess writes it. */
export function moveComment(report: SearchReport): string {
  const seconds = `${(report.elapsedMs / 1000).toFixed(report.elapsedMs < 1000 ? 3 : 2)}s`;
  if (report.score === undefined) return seconds;
  return `${formatScore(report.score)}${report.depth !== undefined ? `/${report.depth}` : ''} ${seconds}`;
}
