// The subcommands of `chessbot`, in the order `chessbot --help` lists them.

import { benchCommand } from './bench.ts';
import type { CliCommand } from './command.ts';
import { lichessUpgradeCommand } from './lichessUpgrade.ts';
import { mateCommand } from './mate.ts';
import { perftCommand } from './perft.ts';
import { uciCommand } from './uci.ts';

export const CLI_COMMANDS: readonly CliCommand[] = [mateCommand, perftCommand, uciCommand, benchCommand, lichessUpgradeCommand];
