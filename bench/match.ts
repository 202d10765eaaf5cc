// The match runner: two UCI engines play each other with real clocks from EPD opening positions
// (each opening twice, colours swapped), adjudicated only by the rules and a move cap; prints each
// game, then W/D/L from engine 1's view, the Elo difference with its 95% error bar, time losses,
// depth and speed, and writes a PGN. With --sprt, a sequential test decides when to stop. A
// benchmark: it never fails on a result or on timing.
//
//   npm run match -- --engine1 <spec> --engine2 <spec> [--games n] [--tc base+inc] [--sprt e0,e1] [...]
//
// See bench/match/args.ts for every option and the engine spec syntax (or --help). The parts:
// args.ts (command line), spec.ts (engine specs), engine.ts (UCI processes), runner.ts (playing
// games), game.ts (legality and adjudication), clock.ts, elo.ts, pgn.ts, stats.ts, openings.ts,
// pairs.ts (game pairs), sprt.ts (the test), sprtReport.ts (its lines), resume.ts (going on with
// an interrupted match from its PGN).

import { appendFileSync, createWriteStream, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, relative, resolve } from 'node:path';
import { USAGE, UsageError, parseMatchArgs } from './match/args.ts';
import { EngineExited, EngineTimeout, OptionError, type TrafficLog, UciEngine } from './match/engine.ts';
import { OpeningsError, parseEpd, shuffled } from './match/openings.ts';
import { completesPair, countResults } from './match/pairs.ts';
import { type Resumed, ResumeError, readResumedGames } from './match/resume.ts';
import { resolveProgram } from './programs.ts';
import { MatchRunner } from './match/runner.ts';
import { type EngineSpec, hasOption } from './match/spec.ts';
import { type SprtStatus, sprtStatus } from './match/sprt.ts';
import { type SprtEnding, sprtHeader, sprtJson, sprtLine, sprtSummary } from './match/sprtReport.ts';
import { formatSummary, progressLine, summarize, summaryJson } from './match/stats.ts';

const STOCKFISH_ELO_NOTE =
  "Stockfish's UCI_Elo is calibrated at 60+0.6 and anchored to CCRL 40/4; at other time controls it is only approximate.";

function display(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel !== '' && !rel.startsWith('..') ? rel : path;
}

function optionsText(pairs: ReadonlyArray<[string, string]>): string {
  return pairs.length === 0 ? 'none' : pairs.map(([n, v]) => `${n}=${v}`).join(', ');
}

async function main(argv: string[]): Promise<number> {
  const args = parseMatchArgs(argv);
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const json = args.json;
  // With --json, standard output carries only the summary line.
  const out = (line = ''): void => {
    if (json) process.stderr.write(line + '\n');
    else process.stdout.write(line + '\n');
  };
  const note = (line: string): void => void process.stderr.write(line + '\n');

  // Ctrl+C: the first stops the match (the partial result is printed), a second one leaves at once.
  let runner: MatchRunner | null = null;
  let interrupted = false;
  const onSignal = (): void => {
    if (interrupted || runner === null) {
      UciEngine.killAll();
      process.exit(130);
    }
    interrupted = true;
    note('\ninterrupted: stopping the games in progress (Ctrl+C again to quit at once) ...');
    runner.stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', () => UciEngine.killAll());

  // Openings.
  const openingsPath = resolve(args.openings);
  let text: string;
  try {
    text = readFileSync(openingsPath, 'utf8');
  } catch (error) {
    throw new UsageError(`--openings: cannot read ${args.openings}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let openings: string[];
  try {
    openings = parseEpd(text, display(openingsPath));
  } catch (error) {
    if (error instanceof OpeningsError) throw new UsageError(`--openings: ${error.message}`);
    throw error;
  }
  if (args.shuffle) openings = shuffled(openings, args.seed);

  // Programs: find them (installing Stockfish if needed).
  const specs = args.engines.map((s) => ({ ...s, argv: [...s.argv], options: [...s.options] })) as [EngineSpec, EngineSpec];
  for (const [i, spec] of specs.entries()) {
    const found = resolveProgram(spec.argv[0], note);
    if (found.note !== '' && found.path !== null) note(found.note);
    if (found.path === null) {
      if (spec.argv[0] === 'stockfish') {
        // Not a bad argument: Stockfish just is not available here. Say so and play nothing.
        const message = `stockfish is not available (${found.note}): no games played`;
        note(message);
        if (json) process.stdout.write(JSON.stringify({ error: message, games: 0 }) + '\n');
        return 0;
      }
      throw new UsageError(`--engine${i + 1}: ${found.note}`);
    }
    spec.argv[0] = found.path;
    if (spec.dir !== undefined) {
      let isDir = false;
      try {
        isDir = statSync(spec.dir).isDirectory();
      } catch {
        isDir = false;
      }
      if (!isDir) throw new UsageError(`--engine${i + 1}: dir=${spec.dir} is not a directory`);
    }
  }

  // UCI traffic log.
  let logFor: ((label: string) => TrafficLog) | undefined;
  if (args.log !== null) {
    mkdirSync(dirname(resolve(args.log)), { recursive: true });
    const stream = createWriteStream(resolve(args.log), { flags: 'w' });
    const t0 = performance.now();
    logFor = (label) => (direction, line) => void stream.write(`${((performance.now() - t0) / 1000).toFixed(3)} ${label} ${direction} ${line}\n`);
  }

  // The first pair of engines: a failure here is a bad argument (wrong cmd, refused option).
  const first: UciEngine[] = [];
  const setup: Array<Array<[string, string]>> = [];
  for (const [i, spec] of specs.entries()) {
    let engine: UciEngine;
    try {
      engine = await UciEngine.start(spec, logFor?.(`e${i + 1}.0`));
    } catch (error) {
      for (const e of first) e.kill();
      if (error instanceof EngineExited || error instanceof EngineTimeout) {
        throw new UsageError(`--engine${i + 1}: "${spec.cmd}" did not start as a UCI engine: ${(error as Error).message}`);
      }
      throw error;
    }
    first.push(engine);
    const pairs = [...spec.options];
    if (!hasOption(pairs, 'Hash') && engine.option('Hash') !== undefined) pairs.push(['Hash', String(args.hash)]);
    if (!hasOption(pairs, 'Threads') && engine.option('Threads') !== undefined) pairs.push(['Threads', String(args.threads)]);
    try {
      engine.configure(pairs);
      await engine.ready();
    } catch (error) {
      for (const e of first) e.kill();
      if (error instanceof OptionError) throw new UsageError(`--engine${i + 1} (${engine.idName}): ${error.message}`);
      if (error instanceof EngineExited || error instanceof EngineTimeout) {
        throw new UsageError(`--engine${i + 1} (${engine.idName}): failed after its options were set: ${(error as Error).message}`);
      }
      throw error;
    }
    setup.push(pairs);
  }
  const names = specs.map((spec, i) => spec.name ?? `${first[i].idName}${spec.elo !== undefined ? ` @${spec.elo}` : ''}`) as [string, string];
  if (names[0] === names[1]) {
    names[0] += ' (1)';
    names[1] += ' (2)';
  }

  // An interrupted run of this match: its finished games count, its file takes the new ones.
  let resumed: Resumed | null = null;
  if (args.resume !== null) {
    try {
      resumed = readResumedGames(readFileSync(resolve(args.resume), 'utf8'), { names, tc: args.tc.pgn, openings });
    } catch (error) {
      for (const e of first) e.kill();
      const code = (error as NodeJS.ErrnoException).code;
      if (error instanceof ResumeError || code !== undefined) throw new UsageError(`--resume: ${args.resume}: ${code ?? (error as Error).message}`);
      throw error;
    }
  }

  // PGN file: started empty (unless resumed), each game appended as it ends.
  const pgnPath = args.pgn === null ? null : resolve(args.pgn);
  if (pgnPath !== null && resumed === null) {
    try {
      mkdirSync(dirname(pgnPath), { recursive: true });
      writeFileSync(pgnPath, '');
    } catch (error) {
      for (const e of first) e.kill();
      throw new UsageError(`--pgn: cannot write ${args.pgn}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }

  const games = args.games;
  const cores = availableParallelism();
  const sprt = args.sprt;
  out(`match: ${names[0]} vs ${names[1]} · ${sprt === null ? '' : 'up to '}${games} games at ${args.tc.pgn} (base+increment, seconds) · concurrency ${args.concurrency} on ${cores} cores`);
  for (const [i, spec] of specs.entries()) {
    out(`  engine ${i + 1}: ${names[i]} (id "${first[i].idName}") · cmd ${spec.argv.join(' ')}${spec.dir ? ` in ${spec.dir}` : ''} · options ${optionsText(setup[i])}`);
  }
  out(`  openings: ${display(openingsPath)} (${openings.length} positions, ${args.shuffle ? `shuffled with seed ${args.seed}` : 'in file order'}; each played twice, colours swapped)${games > 2 * openings.length ? ' — fewer than the games: they repeat' : ''}`);
  out(`  adjudication: the rules only (mate, stalemate, threefold, fifty moves, insufficient material)${args.maxPlies > 0 ? `, a draw at ${args.maxPlies} plies` : ', no move cap'}; an engine silent ${(args.graceMs / 1000).toFixed(1)} s past its time is hung`);
  out(`  pgn: ${pgnPath === null ? 'none' : display(pgnPath)}${args.log !== null ? ` · UCI log: ${args.log}` : ''}`);
  if (specs.some((s) => s.elo !== undefined) && first.some((e) => /stockfish/i.test(e.idName))) out(`  note: ${STOCKFISH_ELO_NOTE}`);
  if (args.concurrency > cores) out(`  note: concurrency ${args.concurrency} on ${cores} cores: the engines compete for the CPU, so the clocks are not a fair measure`);
  if (games % 2 === 1) out('  note: an odd number of games: the last opening is played once');
  if (sprt !== null) out(`  ${sprtHeader(sprt)}`);
  if (resumed !== null) {
    const earlier = summarize(names, resumed.records);
    out(`  resumed: ${resumed.records.length} finished games from ${display(resolve(args.resume!))} (W/D/L ${earlier.wins} / ${earlier.draws} / ${earlier.losses})${resumed.unfinished > 0 ? `; ${resumed.unfinished} unfinished ones are played again` : ''}`);
  }

  // Other processes on the machine take CPU from the engines while their clocks run: watch the load.
  let maxLoad = loadavg()[0];
  if (maxLoad > cores + 0.5) out(`  note: the load average is ${maxLoad.toFixed(1)} on ${cores} cores before the first game: other processes will compete with the engines`);
  out();
  // The SPRT's state when it first left its bounds: the verdict. Later games (in flight then) still count.
  let decided: SprtStatus | null = null;
  const started = performance.now();
  runner = new MatchRunner(
    {
      specs,
      setup: [setup[0], setup[1]],
      names,
      tc: args.tc,
      games,
      openings,
      concurrency: args.concurrency,
      maxPlies: args.maxPlies,
      graceMs: args.graceMs,
      comments: args.comments,
      event: args.event,
      date: new Date(),
      log: logFor,
      done: new Set(resumed?.records.map((r) => r.round - 1)),
    },
    {
      onGame: (record, pgn) => {
        maxLoad = Math.max(maxLoad, loadavg()[0]);
        if (pgnPath !== null) appendFileSync(pgnPath, pgn);
        const finished = runner!.records.filter((r) => r.end !== null);
        out(progressLine(record, names, games, summarize(names, finished)));
        for (const line of record.notes ?? []) out(`    ${line}`);
        if (sprt === null || record.end === null) return;
        const counts = countResults(runner!.records);
        const status = sprtStatus(sprt, counts);
        const decidedNow = decided === null && status.verdict !== null;
        if (decidedNow) {
          decided = status;
          runner!.drain();
        }
        if (decidedNow || completesPair(runner!.records, record)) out(sprtLine(sprt, counts, status));
      },
      onNote: (line) => out(`  ${line}`),
    },
    [first[0], first[1]],
  );
  if (resumed !== null) {
    runner.records.push(...resumed.records);
    if (sprt !== null) {
      const counts = countResults(runner.records);
      const status = sprtStatus(sprt, counts);
      out(`  ${sprtLine(sprt, counts, status)}`);
      // Already decided before this run: nothing to play.
      if (status.verdict !== null) {
        decided = status;
        runner.drain();
      }
    }
  }
  await runner.run();

  const summary = summarize(names, runner.records);
  const elapsed = (performance.now() - started) / 1000;
  out();
  if (runner.abortReason !== null && !interrupted) out(`match stopped early: ${runner.abortReason}`);
  // Engines on a node budget do not play on the clock: say what they played at.
  const limitText = (spec: EngineSpec): string => (spec.nodes === undefined ? args.tc.pgn : `${spec.nodes} nodes/move`);
  const limits = [...new Set(specs.map(limitText))].join(' vs ');
  for (const line of formatSummary(summary, { tc: limits, interrupted })) out(line);
  let sprtFields: Record<string, unknown> | null = null;
  if (sprt !== null) {
    const ending: SprtEnding = interrupted ? 'interrupted' : runner.abortReason !== null ? 'match stopped' : 'game limit';
    const counts = countResults(runner.records);
    const final = sprtStatus(sprt, counts);
    for (const line of sprtSummary(sprt, final, decided, ending)) out(line);
    sprtFields = sprtJson(sprt, counts, final, decided, ending);
  }
  out(`(${elapsed.toFixed(0)} s${pgnPath !== null ? `; games in ${display(pgnPath)}` : ''}; highest 1-minute load average ${maxLoad.toFixed(1)} on ${cores} cores)`);
  const busy = maxLoad > cores + 0.5;
  if (busy) out(`note: the machine was busy (load up to ${maxLoad.toFixed(1)} on ${cores} cores): the engines' clocks ran while other processes had the CPU, so time losses, depth and nps are pessimistic`);
  if (json) {
    const context = {
      tc: args.tc.pgn,
      openings: display(openingsPath),
      pgn: pgnPath === null ? null : display(pgnPath),
      concurrency: args.concurrency,
      interrupted,
      aborted: runner.abortReason !== null && !interrupted ? runner.abortReason : null,
      seconds: Math.round(elapsed),
      maxLoad: Number(maxLoad.toFixed(2)),
      cores,
      ...(sprtFields !== null ? { sprt: sprtFields } : {}),
    };
    process.stdout.write(JSON.stringify(summaryJson(summary, context)) + '\n');
  }
  return interrupted ? 130 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    // Anything left open (a stuck engine pipe) must not keep the runner alive.
    setTimeout(() => process.exit(code), 3000).unref();
  },
  (error: unknown) => {
    UciEngine.killAll();
    if (error instanceof UsageError) {
      process.stderr.write(`match: ${error.message}\n${USAGE}\n`);
      process.exit(2);
    }
    process.stderr.write(`match: the runner crashed: ${(error as Error)?.stack ?? String(error)}\n`);
    process.exit(1);
  },
);
