// `chessbot lichess-upgrade [--yes]`: turns the Lichess account of LICHESS_TOKEN into a BOT
// account. Irreversible, so it names the account and asks first: --yes confirms in advance,
// otherwise the account name must be typed at a terminal; without one nothing happens.

import { createInterface } from 'node:readline/promises';
import { ConfigError } from '../../config/errors.ts';
import { engineName } from '../../config/identity.ts';
import type { Secret } from '../../config/secret.ts';
import type { Config } from '../../config/types.ts';
import { errorLine, quote } from '../../errors.ts';
import { type CliCommand, type CliOutput, CommandLineError, commandPrefix } from './command.ts';
import { splitOptions } from './options.ts';

/** How its problem lines begin, as every command's do. */
const PREFIX = commandPrefix('lichess-upgrade');

export const EXIT_UPGRADED = 0;
export const EXIT_NOT_UPGRADED = 1;
export const EXIT_BAD_CONFIG = 2;

/** The account about to change, as Lichess names it. */
export interface UpgradeAccount {
  readonly username: string;
}

/** What the Lichess adapter's upgradeToBot answers. */
export type UpgradeOutcome =
  | { readonly kind: 'upgraded' | 'already-bot' | 'declined'; readonly account: UpgradeAccount }
  | { readonly kind: 'refused'; readonly why: string };

/** The upgrade itself (src/adapters/lichess/upgrade.ts): asks `confirm` once the account is known. */
export type UpgradeToBot = (request: {
  readonly url: string;
  readonly token: Secret;
  readonly userAgent: string;
  readonly confirm: (account: UpgradeAccount) => Promise<boolean>;
}) => Promise<UpgradeOutcome>;

export interface LichessUpgradeDependencies {
  /** The configuration (LICHESS_TOKEN, LICHESS_URL); may throw a ConfigError. */
  readonly config: () => Config | Promise<Config>;
  /** Asks the person to type `expected`; null when nobody can answer (no terminal). */
  readonly ask: ((question: string) => Promise<string>) | null;
  readonly upgrade: UpgradeToBot;
}

export function createLichessUpgradeCommand(dependencies: LichessUpgradeDependencies): CliCommand {
  return {
    name: 'lichess-upgrade',
    usage: '[--yes]',
    summary: 'upgrade the Lichess account of LICHESS_TOKEN to a BOT account (irreversible)',
    details: [
      'Only an account that has never played a game can become a BOT, and a BOT account can never',
      'become a normal account again. The token needs the bot:play scope. Without --yes, you are',
      'asked to type the account name to confirm (at a terminal; otherwise nothing is changed).',
      '',
      'exit status: 0 upgraded (or already a BOT), 1 not upgraded, 2 bad configuration',
    ],
    async run(args, out) {
      const { flags, positionals } = splitOptions(args, ['--yes']);
      if (positionals.length > 0) throw new CommandLineError(`unknown word ${quote(positionals[0]!)}`);
      const yes = flags.has('--yes');
      let config: Config;
      try {
        config = await dependencies.config();
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        out.stderr.write(`${PREFIX}${error.message}\n`);
        return EXIT_BAD_CONFIG;
      }
      const token = config.lichess.token;
      if (!token) {
        out.stderr.write(`${PREFIX}LICHESS_TOKEN is not set (a token with the bot:play scope)\n`);
        return EXIT_BAD_CONFIG;
      }
      try {
        const outcome = await dependencies.upgrade({
          url: config.lichess.url,
          token,
          userAgent: engineName().replace(' ', '/'),
          confirm: (account) => confirm(account, yes, dependencies.ask, out),
        });
        switch (outcome.kind) {
          case 'upgraded':
            out.stdout.write(`${outcome.account.username} is now a BOT account. Start the bot with npm start.\n`);
            return EXIT_UPGRADED;
          case 'already-bot':
            out.stdout.write(`${outcome.account.username} is already a BOT account; nothing to do.\n`);
            return EXIT_UPGRADED;
          case 'declined':
            out.stderr.write(`Not upgraded: ${outcome.account.username} is unchanged.\n`);
            return EXIT_NOT_UPGRADED;
          case 'refused':
            out.stderr.write(`${PREFIX}not upgraded: ${outcome.why}\n`);
            return EXIT_NOT_UPGRADED;
        }
      } catch (error) {
        out.stderr.write(`${PREFIX}not upgraded: ${errorLine(error)}\n`);
        return EXIT_NOT_UPGRADED;
      }
    },
  };
}

async function confirm(account: UpgradeAccount, yes: boolean, ask: LichessUpgradeDependencies['ask'], out: CliOutput): Promise<boolean> {
  out.stdout.write(
    `This turns the Lichess account ${account.username} into a BOT account. It cannot be undone: the account ` +
      'can then only play through the Bot API, never again as a person.\n',
  );
  if (yes) return true;
  if (!ask) {
    out.stderr.write('No terminal to confirm at: run "chessbot lichess-upgrade --yes" to confirm in advance.\n');
    return false;
  }
  const answer = await ask(`Type the account name (${account.username}) to confirm: `);
  return answer.trim().toLowerCase() === account.username.toLowerCase();
}

/** Asks at the terminal and reads the answer line. */
export async function askAtTerminal(question: string): Promise<string> {
  const reader = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await reader.question(question);
  } finally {
    reader.close();
  }
}
