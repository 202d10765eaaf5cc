// The shared command layer's entry points for front ends whose fields come separately (Discord's
// options), and what a search reports when it is stopped before it starts or by a shutdown.

import { describe, expect, it } from 'vitest';
import { fenFromText } from '../../../src/adapters/commands/arguments.ts';
import { UsageError, commandErrorText } from '../../../src/adapters/commands/errors.ts';
import { type MateRunner, SHUTDOWN, checkMateFields, parseMateMode, searchMate } from '../../../src/adapters/commands/mate.ts';
import { formatMateAnswer, formatStipulation } from '../../../src/adapters/commands/mateText.ts';
import { STARTING_FEN } from '../../../src/chess/fen.ts';
import type { MateReport } from '../../../src/search/mate/index.ts';

const KNIGHT_PROMOTION = 'b7/PP6/8/8/7K/6B1/6N1/4R1bk w - - 0 1';

function usageMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('checkMateFields', () => {
  it('takes the FEN as one text, n as a number or text, and the mode by name', () => {
    expect(checkMateFields({ fen: ` ${KNIGHT_PROMOTION.replaceAll(' ', '\t ')} `, n: 3, mode: 'checks' }, 10).job).toEqual({
      fen: KNIGHT_PROMOTION, n: 3, mode: 'checks',
    });
    expect(checkMateFields({ fen: 'startpos', n: '2' }, 10).job).toEqual({ fen: STARTING_FEN, n: 2, mode: 'all' });
    // Five fields are fine here: n is a separate option, so nothing is ambiguous.
    expect(checkMateFields({ fen: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0', n: 1 }, 10).job.fen).toBe('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0');
  });

  it('checks the fields in order: FEN, then n, then mode', () => {
    expect(usageMessage(() => checkMateFields({ fen: '8/8 w', n: 99, mode: 'x' }, 10))).toMatch(/^bad FEN: /);
    expect(usageMessage(() => checkMateFields({ fen: KNIGHT_PROMOTION, n: 99, mode: 'x' }, 10))).toBe('n must be an integer from 1 to 10, got "99"');
    expect(usageMessage(() => checkMateFields({ fen: KNIGHT_PROMOTION, n: 3, mode: 'x' }, 10))).toBe('mode must be "all" or "checks", got "x"');
    expect(usageMessage(() => checkMateFields({ fen: null, n: 3 }, 10))).toBe('missing FEN (or "startpos")');
    expect(usageMessage(() => checkMateFields({ fen: KNIGHT_PROMOTION, n: null }, 10))).toBe('n must be an integer from 1 to 10, got nothing');
  });

  it('has the helpers it is made of', () => {
    expect(parseMateMode(undefined)).toBe('all');
    expect(parseMateMode('checks')).toBe('checks');
    expect(() => fenFromText('\n ')).toThrow(UsageError);
    expect(formatStipulation(1, 2, 'checks')).toBe('Black to play and mate in 2 (checks only)');
  });
});

describe('commandErrorText', () => {
  it('shows a usage error as is and our own failures as "failed"', () => {
    expect(commandErrorText('mate', new UsageError('bad FEN: x'))).toBe('/mate: bad FEN: x');
    expect(commandErrorText('mate', new Error('worker crashed\n  at somewhere'))).toBe('/mate: failed: worker crashed; at somewhere');
  });
});

describe('searchMate, stopped', () => {
  const job = { fen: KNIGHT_PROMOTION, n: 3, mode: 'all' } as const;
  const position = checkMateFields({ fen: KNIGHT_PROMOTION, n: 3 }, 10).position;

  it('answers a search cancelled while it waited for a worker as stopped, not failed', async () => {
    const controller = new AbortController();
    controller.abort();
    const refuses: MateRunner = async () => {
      throw Object.assign(new Error('the search was cancelled before it started'), { name: 'AbortError' });
    };
    const outcome = await searchMate(refuses, job, { signal: controller.signal, timeoutSeconds: 5 });
    expect(outcome.stoppedBy).toBe('cancel');
    expect(formatMateAnswer(outcome, position).split('\n')[0]).toBe('Cancelled while searching n = 1: nothing is proven yet.');
  });

  it('still fails on an AbortError when nobody cancelled', async () => {
    const refuses: MateRunner = async () => {
      throw Object.assign(new Error('odd'), { name: 'AbortError' });
    };
    await expect(searchMate(refuses, job)).rejects.toThrow('odd');
  });

  it('says a shutdown stopped it, not the person who asked', async () => {
    const controller = new AbortController();
    const stopped: MateReport = {
      status: 'stopped', mateIn: null, keys: [], keysSan: [], keysComplete: true, line: [], lineUci: [], lineComplete: true,
      nodes: 99, provenDepth: 2,
    };
    const runner: MateRunner = async () => {
      controller.abort(SHUTDOWN);
      return stopped;
    };
    const outcome = await searchMate(runner, job, { signal: controller.signal });
    expect(outcome.stoppedBy).toBe('shutdown');
    expect(formatMateAnswer(outcome, position).split('\n')[0]).toBe(
      'Stopped because the bot is shutting down while searching n = 3: no mate in 2 or fewer is proven.',
    );
  });
});
