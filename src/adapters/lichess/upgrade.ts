// Upgrading a Lichess account to a BOT account: irreversible, allowed only for an account that
// has never played a game. The caller must have the person's explicit confirmation; this checks
// the token and the account first, so the confirmation names the account that will change.

import type { Secret } from '../../config/secret.ts';
import { silentLogger } from '../../log.ts';
import { type Account, LichessApi } from './api.ts';
import { LichessHttp, LichessHttpError } from './http.ts';
import { DEFAULT_TIMINGS } from './timing.ts';

export type UpgradeOutcome =
  | { readonly kind: 'upgraded'; readonly account: Account }
  | { readonly kind: 'already-bot'; readonly account: Account }
  | { readonly kind: 'declined'; readonly account: Account }
  | { readonly kind: 'refused'; readonly account: Account | null; readonly why: string };

export interface UpgradeOptions {
  readonly url: string;
  readonly token: Secret;
  readonly userAgent: string;
  /** Asked once the account is known: true only on an explicit yes. */
  readonly confirm: (account: Account) => Promise<boolean>;
}

export async function upgradeToBot(options: UpgradeOptions): Promise<UpgradeOutcome> {
  const http = new LichessHttp({ baseUrl: options.url, token: options.token, userAgent: options.userAgent, timings: DEFAULT_TIMINGS, logger: silentLogger });
  const api = new LichessApi(http);
  try {
    const info = await api.testToken(options.token);
    if (!info) return { kind: 'refused', account: null, why: 'LICHESS_TOKEN is not a valid Lichess token' };
    if (!info.scopes.split(',').includes('bot:play')) {
      return { kind: 'refused', account: null, why: 'LICHESS_TOKEN lacks the bot:play scope ("Play games with the bot API")' };
    }
    const account = await api.account();
    if (account.title === 'BOT') return { kind: 'already-bot', account };
    if (!(await options.confirm(account))) return { kind: 'declined', account };
    try {
      await api.upgradeToBot();
    } catch (error) {
      if (error instanceof LichessHttpError) return { kind: 'refused', account, why: `Lichess refused: ${error.detail}` };
      throw error;
    }
    return { kind: 'upgraded', account };
  } finally {
    await http.close();
  }
}
