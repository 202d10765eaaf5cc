// The console's /mate <fen|file> <n> [checks] [tree] [solution]: the /mate use case (src/mate) behind a
// typed command. With a progress sink it first shows the board and then one line per iteration,
// exactly as `chessbot mate` prints them; the reply is the answer, with the solution tree after
// "tree" and the problemist's solution after "solution" (as `chessbot mate --tree --solution`).

import type { EngineClient } from '../../engine/index.ts';
import { isPositionFileName } from '../../input/arguments.ts';
import {
  CHECKS_WORD, type MateSettings, SOLUTION_WORD, TREE_WORD, formatBoard, formatMateAnswer, parseMateWords, pastedPositionLine, searchMate,
} from '../../mate/index.ts';
import { mateStatus } from '../../terminal/statusLine.ts';
import type { Command, CommandContext } from './command.ts';

export interface MateCommandOptions extends MateSettings {
  /** Where the searches run (the worker threads, so the console stays responsive). */
  readonly engine: EngineClient;
}

export function mateCommand(options: MateCommandOptions): Command {
  const { engine, maxN, timeoutSeconds } = options;
  return {
    name: 'mate',
    usage: `/mate <fen|file> <n> [${CHECKS_WORD}] [${TREE_WORD}] [${SOLUTION_WORD}]`,
    summary: `find the shortest forced mate in at most n moves (n up to ${maxN})`,
    details: [
      `${CHECKS_WORD}: every move of the mating side gives check`,
      `${TREE_WORD}: also the solution tree, every defence and its answer`,
      `${SOLUTION_WORD}: also the solution as problemists read it: threats, variations with duals, tries, set play`,
      'the position: a FEN, a Lichess link, a PGN, or a file: a picture of a board (White to move) or a .pgn',
      'n as problemists write it: #3 (direct), s#2 (selfmate: forces the other side to mate), h#2 (helpmate: every solution)',
      'and the other genres, Popeye\'s meanings: h#2.5, h=2, h=2.5, =3, s=2, r#2, semi-r#2, hs#2, ser-h#5, ser-#3, ser-s#3, ser-=3, ser-h=4',
    ],
    async run(args, context: CommandContext = {}) {
      // "/mate board.png 3": the position in a file, read first (sharp and the vision core loaded only then).
      const path = args[0];
      const given = path !== undefined && args.length >= 2 && isPositionFileName(path)
        ? await (await import('../../picture/position.ts')).positionFromFile(path, { side: 'w' })
        : undefined;
      const problem = parseMateWords(args, maxN, given);
      const { job, position } = problem;
      const { progress, status, signal } = context;
      // The FEN read from a link or a PGN, for the member to check and copy: before the board, or
      // before the answer when no board is shown.
      const pasted = pastedPositionLine(problem);
      progress?.(`${pasted !== null ? `${pasted}\n` : ''}${formatBoard(position, job.maxMoves, job.mode, job.stipulation)}\n`);
      const outcome = await searchMate(engine, job, {
        signal, timeoutSeconds, onProgress: progress, ...(status ? { onNodes: (count) => status(mateStatus(count)) } : {}),
      });
      progress?.('');
      const answer = formatMateAnswer(outcome, position, { tree: job.tree === true, solution: job.solution !== undefined });
      return pasted !== null && !progress ? `${pasted}\n${answer}` : answer;
    },
  };
}
