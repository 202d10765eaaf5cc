// The subcommands of `chessbot`, in the order `chessbot --help` lists them.
// Later issues add mate, uci and bench here.

import type { CliCommand } from './command.ts';
import { perftCommand } from './perft.ts';

export const CLI_COMMANDS: readonly CliCommand[] = [perftCommand];
