// The match runner end to end with scripted fake engines (test/bench/fixtures/fake-uci.ts, a few
// lines that play the first legal move and misbehave on request): crashes, illegal moves, flags
// and hangs are scored against the offender and the engine restarted; bad arguments exit 2 with
// one line and the usage; Ctrl+C prints the partial result; an SPRT stops the match once decided.
// No real engines, a few seconds.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFakeUci } from './fixtures/buildFakeUci.ts';

const ROOT = join(import.meta.dirname, '..', '..');
// Bundled once for the file: the matches below start the fake engine dozens of times.
const FAKE = `node ${buildFakeUci()}`;

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function runMatch(args: string[], onStdout?: (text: string, kill: (signal: NodeJS.Signals) => void) => void): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/match.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      onStdout?.(stdout, (signal) => child.kill(signal));
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const lastJson = (run: Run) => JSON.parse(run.stdout.trim().split('\n').at(-1)!);

describe('npm run match with fake engines', () => {
  it('scores crashes and illegal moves against the offender, restarts it, and writes the PGN', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'match-'));
    const pgn = join(dir, 'games.pgn');
    const run = await runMatch([
      '--engine1', `cmd=${FAKE} --name A --fail crash --at 3`,
      '--engine2', `cmd=${FAKE} --name B --fail illegal --at 5`,
      '--games', '4', '--tc', '5+0.05', '--max-plies', '40', '--pgn', pgn, '--json',
    ]);
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(1); // --json: one line on stdout, the rest on stderr
    const summary = lastJson(run);
    expect(summary).toMatchObject({ engine1: 'A', engine2: 'B', games: 4, unfinished: 0 });
    expect(summary.engines[0].crashes).toBeGreaterThanOrEqual(1);
    expect(summary.engines[1].illegalMoves).toBe(1);
    expect(summary.wins + summary.draws + summary.losses).toBe(4);
    expect(run.stderr).toMatch(/restarting A \(slot 1\): its process ended \(exit code 3\)/);
    expect(run.stderr).toMatch(/B \(White\) played "a1a8", not a legal move in /);
    const text = readFileSync(pgn, 'utf8');
    expect(text.match(/^\[Event /gm)).toHaveLength(4);
    expect(text).toContain('[Termination "abandoned"]');
    expect(text).toContain('[Termination "rules infraction"]');
    expect(text).toContain('[SetUp "1"]\n[FEN "r1bqkbnr/p1pp1ppp/1pn1p3/8/7P/3P4/PPPNPPP1/R1BQKBNR w KQkq - 0 4"]');
  });

  it('flags a side that overstays its clock and declares a silent engine hung', async () => {
    // Game 1: A (White) takes 1.5 × its remaining time on its 2nd move: a flag. Game 2: B (White)
    // never answers its 2nd "go" (its first move of that game): hung after the grace period.
    const run = await runMatch([
      '--engine1', `cmd=${FAKE} --name A --fail slow --at 2`,
      '--engine2', `cmd=${FAKE} --name B --fail hang --at 2`,
      '--games', '2', '--tc', '1+0', '--grace', '1500', '--no-pgn', '--json',
    ]);
    expect(run.status).toBe(0);
    const summary = lastJson(run);
    expect(summary.reasons).toEqual({ 'time-forfeit': 1, hang: 1 });
    expect(summary.engines.map((e: { timeLosses: number; hangs: number }) => [e.timeLosses, e.hangs])).toEqual([[1, 0], [0, 1]]);
    expect([summary.wins, summary.draws, summary.losses]).toEqual([1, 0, 1]);
    expect(run.stderr).toMatch(/A \(White\) flagged: \d+ ms for a move with \d+ ms left/);
    expect(run.stderr).toMatch(/hang: White's engine stalled \(no bestmove 2\.\d s after go/);
  });

  it('plays engines on a node budget with "go nodes" and never flags them, however short the clock', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'match-'));
    const log = join(dir, 'uci.log');
    // Up to 30 moves each at 20 ms would flag twice over on a 0.2 s clock.
    const run = await runMatch([
      '--engine1', `cmd=${FAKE} --name A --think 20,nodes=500`,
      '--engine2', `cmd=${FAKE} --name B --think 20,nodes=500`,
      '--games', '2', '--tc', '0.2+0', '--max-plies', '60', '--no-pgn', '--log', log, '--json',
    ]);
    expect(run.status).toBe(0);
    const summary = lastJson(run);
    expect(summary.engines.map((e: { timeLosses: number }) => e.timeLosses)).toEqual([0, 0]);
    expect(summary.wins + summary.draws + summary.losses).toBe(2);
    expect(summary.reasons['time-forfeit']).toBeUndefined();
    const traffic = readFileSync(log, 'utf8');
    expect(traffic).toMatch(/go nodes 500/);
    expect(traffic).not.toMatch(/go wtime/);
    expect(run.stderr).toMatch(/500 nodes\/move/);
  });

  it('stops on Ctrl+C after printing the partial result', async () => {
    let sent = false; // once: a second Ctrl+C means "quit at once"
    const run = await runMatch(
      ['--engine1', `cmd=${FAKE} --name A --think 40`, '--engine2', `cmd=${FAKE} --name B --think 40`, '--games', '50', '--tc', '60+1', '--max-plies', '60', '--no-pgn'],
      (text, kill) => {
        if (!sent && /^game +1\/50/m.test(text)) {
          sent = true;
          kill('SIGINT');
        }
      },
    );
    expect(run.status).toBe(130);
    expect(run.stderr).toContain('interrupted: stopping the games in progress');
    expect(run.stdout).toMatch(/unfinished \(interrupted\)/);
    expect(run.stdout).toMatch(/^Partial result \(interrupted\) at 60\+1: A vs B, 1 game \(1 unfinished, not counted\)$/m);
  });

  it('stops starting games once the SPRT accepts H1; the games in flight finish and count', async () => {
    // B plays an illegal move at its first turn of every game, so A wins every game. Between 0 and
    // 400 Elo each won pair, and each won game whose partner is still playing, adds about 0.6 to
    // the LLR: five of them pass the bound 2.94, within 10 games however the pairs interleave.
    const run = await runMatch([
      '--engine1', `cmd=${FAKE} --name A`,
      '--engine2', `cmd=${FAKE} --name B --fail illegal --at 1 --per-game`,
      '--sprt', '0,400', '--games', '60', '--concurrency', '2', '--tc', '5+0.05', '--no-pgn', '--json',
    ]);
    expect(run.status).toBe(0);
    const summary = lastJson(run);
    expect(summary.sprt).toMatchObject({ elo0: 0, elo1: 400, model: 'pentanomial', verdict: 'H1', outcome: 'H1 accepted' });
    expect(summary.sprt.decidedLlr).toBeGreaterThan(summary.sprt.upperBound);
    expect(summary.sprt.decidedAfterGames).toBeGreaterThanOrEqual(5);
    expect(summary.sprt.decidedAfterGames).toBeLessThanOrEqual(10);
    // Two games at a time: at most the other one was still going at the decision, and it counts.
    expect(summary.games - summary.sprt.decidedAfterGames).toBeGreaterThanOrEqual(0);
    expect(summary.games - summary.sprt.decidedAfterGames).toBeLessThanOrEqual(1);
    expect([summary.wins, summary.unfinished]).toEqual([summary.games, 0]);
  });

  it('accepts H0 on the trinomial model as soon as the LLR falls below its bound', async () => {
    // A loses every game; on one slot the decision comes with no other game in flight.
    const run = await runMatch([
      '--engine1', `cmd=${FAKE} --name A --fail illegal --at 1 --per-game`,
      '--engine2', `cmd=${FAKE} --name B`,
      '--sprt', '0,400', '--sprt-model', 'trinomial', '--games', '60', '--tc', '5+0.05', '--no-pgn', '--json',
    ]);
    expect(run.status).toBe(0);
    const summary = lastJson(run);
    expect(summary.sprt).toMatchObject({ model: 'trinomial', verdict: 'H0', outcome: 'H0 accepted' });
    expect(summary.sprt.llr).toBeLessThan(summary.sprt.lowerBound);
    expect(summary.sprt.decidedAfterGames).toBe(summary.games);
    expect(summary.games).toBeLessThan(10);
    expect(summary.losses).toBe(summary.games);
  });

  it('plays every game when the SPRT stays undecided', async () => {
    const run = await runMatch([
      '--engine1', `cmd=${FAKE} --name A`, '--engine2', `cmd=${FAKE} --name B`,
      '--sprt', '0,5', '--games', '4', '--max-plies', '20', '--tc', '5+0.05', '--no-pgn', '--json',
    ]);
    expect(run.status).toBe(0);
    const summary = lastJson(run);
    expect(summary.games).toBe(4);
    expect(summary.sprt).toMatchObject({ verdict: null, outcome: 'inconclusive (game limit)', decidedAfterGames: null });
    expect(summary.sprt.llr).toBeGreaterThan(summary.sprt.lowerBound);
    expect(summary.sprt.llr).toBeLessThan(summary.sprt.upperBound);
  });

  it('goes on with an interrupted match from its PGN (--resume): its games count, the rest are played and appended', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'match-'));
    const pgn = join(dir, 'games.pgn');
    const engines = ['--engine1', `cmd=${FAKE} --name A --random 3`, '--engine2', `cmd=${FAKE} --name B --random 5`];
    const common = [...engines, '--tc', '5+0.05', '--max-plies', '16', '--shuffle', '--seed', '7', '--json'];
    const first = await runMatch([...common, '--games', '4', '--pgn', pgn]);
    expect(lastJson(first).games).toBe(4);
    const firstGames = readFileSync(pgn, 'utf8');

    const resumed = await runMatch([...common, '--games', '6', '--resume', pgn]);
    expect(resumed.status).toBe(0);
    expect(resumed.stderr).toMatch(/resumed: 4 finished games from /);
    expect(lastJson(resumed)).toMatchObject({ games: 6, unfinished: 0 });
    const text = readFileSync(pgn, 'utf8');
    expect(text.startsWith(firstGames)).toBe(true); // appended, not rewritten
    expect([...text.matchAll(/^\[Round "(\d+)"\]$/gm)].map((m) => Number(m[1])).sort()).toEqual([1, 2, 3, 4, 5, 6]);

    // Another seed schedules other openings for those rounds: refused, and the file is left alone.
    const refused = await runMatch([...engines, '--tc', '5+0.05', '--shuffle', '--seed', '8', '--games', '8', '--resume', pgn]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^match: --resume: .*round 1\) started from another position .*--seed$/m);
    expect(readFileSync(pgn, 'utf8')).toBe(text);
  });

  it('resumes an SPRT from the LLR of its earlier games, and plays nothing if they had decided it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'match-'));
    const pgn = join(dir, 'games.pgn');
    const args = [
      '--engine1', `cmd=${FAKE} --name A`, '--engine2', `cmd=${FAKE} --name B --fail illegal --at 1 --per-game`,
      '--sprt', '0,400', '--tc', '5+0.05', '--json',
    ];
    const first = await runMatch([...args, '--games', '4', '--pgn', pgn]);
    expect(lastJson(first).sprt).toMatchObject({ verdict: null, outcome: 'inconclusive (game limit)' });
    const resumed = await runMatch([...args, '--games', '60', '--resume', pgn]);
    const summary = lastJson(resumed);
    expect(summary.sprt).toMatchObject({ verdict: 'H1' });
    // The same test as one uninterrupted run: decided after the same game, the four earlier ones included.
    const whole = lastJson(await runMatch([...args, '--games', '60', '--no-pgn']));
    expect(summary.sprt.decidedAfterGames).toBe(whole.sprt.decidedAfterGames);
    expect(summary.sprt.llr).toBeCloseTo(whole.sprt.llr, 9);
    expect(resumed.stderr.match(/^game +\d+\/60 /gm)).toHaveLength(summary.games - 4);
    const again = await runMatch([...args, '--games', '60', '--resume', pgn]);
    expect(lastJson(again)).toMatchObject({ games: summary.games, sprt: { verdict: 'H1' } });
  });

  it('exits 2 with one line and the usage on a bad argument', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--engine1', 'x', '--engine2', 'y', '--games', 'many'], /^match: --games: expected a whole number, got "many"$/],
      [['--engine1', 'no-such-engine-here', '--engine2', 'y'], /^match: --engine1: "no-such-engine-here" is not on PATH/],
      [['--engine1', `cmd=${FAKE},option.Hash=5000`, '--engine2', `cmd=${FAKE}`], /^match: --engine1 \(fake\): option Hash must be between 1 and 1024, got 5000$/],
      [['--engine1', `cmd=${FAKE}`, '--engine2', `cmd=${FAKE},option.Contempt=10`], /^match: --engine2 \(fake\): option "Contempt" is not one of the engine's options/],
      [['--engine1', `cmd=${FAKE}`, '--engine2', `cmd=${FAKE}`, '--openings', 'no/such.epd'], /^match: --openings: cannot read no\/such\.epd: ENOENT$/],
      [['--engine1', `cmd=${FAKE}`, '--engine2', `cmd=${FAKE}`, '--sprt', '5,0'], /^match: --sprt: elo0 must be below elo1, got elo0 5 and elo1 0$/],
    ];
    for (const [args, first] of cases) {
      const run = await runMatch(args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      const lines = run.stderr.split('\n');
      expect(lines[0]).toMatch(first);
      expect(lines[1]).toMatch(/^usage: npm run match -- /);
      expect(run.stderr).not.toMatch(/^\s+at /m);
    }
  });
});
