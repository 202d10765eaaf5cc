// The block list fetched from a URL (lichess.blockListUrl): a text file of user names, fetched
// at start and again every blockListRefreshMinutes. The policy gets the set of names; a failed
// fetch keeps the last list (or none) and is tried again at the next refresh.

import { request } from 'undici';
import { errorLine } from '../../errors.ts';
import { parseBlockList } from '../../games/policy.ts';
import type { Logger } from '../../log.ts';

export interface BlockListOptions {
  readonly url: string;
  readonly refreshMs: number;
  readonly userAgent: string;
  readonly logger: Logger;
  /** Headers and body timeout of one fetch. */
  readonly timeoutMs?: number;
}

/** Larger than any honest block list: a body beyond it is cut here. */
const MAX_BYTES = 1 << 20;

export class FetchedBlockList {
  private current: ReadonlySet<string> = new Set();
  private timer: NodeJS.Timeout | null = null;
  private readonly stopper = new AbortController();

  constructor(private readonly options: BlockListOptions) {}

  /** The names of the last list fetched (lower case). */
  get names(): ReadonlySet<string> {
    return this.current;
  }

  /** Fetches the list once (a failure is logged, never thrown), then refreshes it periodically. */
  async start(): Promise<void> {
    await this.refresh();
    if (this.stopper.signal.aborted) return;
    this.timer = setInterval(() => void this.refresh(), this.options.refreshMs);
    this.timer.unref();
  }

  stop(): void {
    this.stopper.abort();
    if (this.timer) clearInterval(this.timer);
  }

  /** One fetch: the new list replaces the old one only when it came whole with a 200. */
  async refresh(): Promise<void> {
    const timeout = this.options.timeoutMs ?? 15_000;
    try {
      const response = await request(this.options.url, {
        method: 'GET',
        headers: { 'user-agent': this.options.userAgent, accept: 'text/plain, */*' },
        headersTimeout: timeout,
        bodyTimeout: timeout,
        signal: this.stopper.signal,
      });
      const text = await response.body.text();
      if (response.statusCode !== 200) throw new Error(`answered ${response.statusCode}`);
      this.current = parseBlockList(text.slice(0, MAX_BYTES));
      this.options.logger.info('block list fetched', { url: this.options.url, names: this.current.size });
    } catch (error) {
      if (this.stopper.signal.aborted) return;
      this.options.logger.warn('could not fetch the block list; keeping the last one', { url: this.options.url, why: errorLine(error), names: this.current.size });
    }
  }
}
