// One open NDJSON stream of the fake Lichess (`application/x-ndjson`, one JSON object per line,
// empty keep-alive lines on a timer), with the faults a client must survive: output cut at random
// byte offsets (inside UTF-8 characters too), a stall (socket open, nothing sent, not even
// keep-alives) and a drop (the socket destroyed mid-stream).
import type { ServerResponse } from 'node:http';
import { mulberry32 } from '../random.ts';
import type { ChunkingOptions, StreamInfo } from './types.ts';

export interface NdjsonStreamOptions {
  keepAliveMs: number;
  chunking: ChunkingOptions | null;
  /** seed for chunk sizes when `chunking.seed` is not given */
  seed: number;
  now: () => number;
  onClose: (stream: NdjsonStream) => void;
}

export class NdjsonStream {
  readonly info: StreamInfo;
  private pending: Buffer = Buffer.alloc(0);
  private keepAlive: NodeJS.Timeout | undefined;
  private pumpTimer: NodeJS.Timeout | undefined;
  private chunking: { maxBytes: number; gapMs: number; random: () => number } | null = null;
  private ending = false;
  private closed = false;

  constructor(
    private readonly res: ServerResponse,
    info: Omit<StreamInfo, 'lines' | 'keepAlives' | 'stalled' | 'openedAt'>,
    private readonly options: NdjsonStreamOptions,
  ) {
    this.info = { ...info, openedAt: options.now(), lines: 0, keepAlives: 0, stalled: false };
    this.setChunking(options.chunking);
    res.socket?.setNoDelay(true);
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-cache' });
    res.flushHeaders();
    res.on('close', () => this.cleanup());
    this.setKeepAlive(options.keepAliveMs);
  }

  get isOpen(): boolean {
    return !this.closed && !this.ending;
  }

  /** Queue one JSON line. */
  send(value: unknown): void {
    this.sendRaw(JSON.stringify(value));
  }

  /** Queue one line exactly as given (a fault: a garbled or foreign line). */
  sendRaw(text: string): void {
    if (!this.isOpen) return;
    this.info.lines++;
    this.enqueue(Buffer.from(`${text}\n`, 'utf8'));
  }

  setKeepAlive(ms: number): void {
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.keepAlive = undefined;
    if (this.closed) return;
    this.keepAlive = setInterval(() => {
      if (this.info.stalled || !this.isOpen) return;
      this.info.keepAlives++;
      this.enqueue(Buffer.from('\n'));
    }, ms);
  }

  setChunking(chunking: ChunkingOptions | null): void {
    this.chunking = chunking
      ? {
          maxBytes: Math.max(1, chunking.maxBytes ?? 24),
          gapMs: chunking.gapMs ?? 1,
          random: mulberry32((chunking.seed ?? this.options.seed) + this.info.id * 7919),
        }
      : null;
  }

  /** Stop sending anything, keep-alives included; the socket stays open. */
  stall(): void {
    this.info.stalled = true;
  }

  /** Send again what queued up during a stall. */
  resume(): void {
    this.info.stalled = false;
    this.pump();
  }

  /** Destroy the socket mid-stream (the client sees "other side closed"). */
  drop(): void {
    this.res.socket?.destroy();
    this.cleanup();
  }

  /** End the response normally once everything queued has gone out (lila completing the stream). */
  end(): void {
    if (this.closed || this.ending) return;
    this.ending = true;
    this.pump();
  }

  private enqueue(bytes: Buffer): void {
    this.pending = this.pending.length === 0 ? bytes : Buffer.concat([this.pending, bytes]);
    this.pump();
  }

  private pump(): void {
    if (this.closed || this.info.stalled || this.pumpTimer) return;
    if (this.pending.length > 0) {
      const size = this.chunking ? 1 + Math.floor(this.chunking.random() * this.chunking.maxBytes) : this.pending.length;
      const piece = this.pending.subarray(0, size);
      this.pending = this.pending.subarray(piece.length);
      this.res.write(piece);
      if (this.pending.length > 0) {
        this.pumpTimer = setTimeout(() => {
          this.pumpTimer = undefined;
          this.pump();
        }, this.chunking?.gapMs ?? 0);
        return;
      }
    }
    if (this.ending && this.pending.length === 0) {
      this.res.end();
      this.cleanup();
    }
  }

  private cleanup(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.keepAlive) clearInterval(this.keepAlive);
    if (this.pumpTimer) clearTimeout(this.pumpTimer);
    this.keepAlive = undefined;
    this.pumpTimer = undefined;
    this.options.onClose(this);
  }
}
