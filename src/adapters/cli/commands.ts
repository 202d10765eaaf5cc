// The subcommands of `chessbot`, in the order `chessbot --help` lists them.
// Later issues add uci and bench here.

import type { CliCommand } from './command.ts';
import { mateCommand } from './mate.ts';
import { perftCommand } from './perft.ts';

export const CLI_COMMANDS: readonly CliCommand[] = [mateCommand, perftCommand];
