// `chessbot uci`: the engine over the UCI protocol on standard input and output, for chess GUIs
// (cutechess, Arena …) and tournament managers. The protocol itself is the UCI adapter
// (src/adapters/uci), which src/cli.ts hands to this command with the config's engine section.

import { ConfigError } from '../../config/errors.ts';
import { quote } from '../../errors.ts';
import { type CliCommand, CommandLineError, type TextSink, commandPrefix } from './command.ts';

/** Exit status when the configuration (or its opening book) is unusable. */
export const EXIT_BAD_CONFIG = 2;

/** Where a UCI conversation reads and writes. */
export interface UciStreams {
  readonly input: NodeJS.ReadableStream;
  /**
   * A GUI that goes away closes it: the command line then ends the process at the next write,
   * as it ends any command whose reader is gone (processOutput, main.ts).
   */
  readonly output: TextSink;
}

/** Speaks UCI on `streams` until "quit" or the end of the input. */
export type UciSpeaker = (streams: UciStreams) => Promise<void>;

export interface UciCliDependencies {
  /**
   * Gets a conversation ready from the configuration (its options' defaults, its opening book),
   * throwing a ConfigError when that cannot be done; the function it returns speaks UCI until
   * "quit" or the end of the input.
   */
  readonly prepare: () => UciSpeaker | Promise<UciSpeaker>;
}

export function createUciCommand(dependencies: UciCliDependencies): CliCommand {
  return {
    name: 'uci',
    usage: '',
    summary: 'speak the UCI protocol on standard input and output (for chess GUIs)',
    details: [
      'Reads UCI commands, one per line, until "quit" or the end of input. Options: Threads (1 to 32,',
      'default 1: the other threads help the main search through a shared table), Hash (MB, 1 to',
      '1024, default 64), Move Overhead (ms, 0 to 5000, default 100), Clear Hash, Ponder, OwnBook',
      '(default false) and Book File (a Polyglot .bin book). The defaults come from the config\'s',
      'engine section (engine.book.path is Book File\'s default). "go mate n" asks the mate solver. In',
      'a GUI, set the engine command to "npx chessbot uci" with the project directory as working',
      'directory, or to "node /path/to/bin/chessbot.js uci".',
      '',
      'exit status: 0 after quit or the end of input, 2 bad configuration (or opening book)',
    ],
    async run(args, out) {
      if (args.length > 0) throw new CommandLineError(`unknown word ${quote(args[0]!)}`);
      let speakUci: UciSpeaker;
      try {
        speakUci = await dependencies.prepare();
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        out.stderr.write(`${commandPrefix('uci')}${error.message}\n`);
        return EXIT_BAD_CONFIG;
      }
      await speakUci({ input: process.stdin, output: out.stdout });
    },
  };
}
