// The bots' log, shared by the Discord and Lichess adapters: one line per event on a stream
// (standard error in production), at or above the configured level, with the fields that let an
// operator follow a request or a game. Every line passes through redact(), so a token that slipped
// into a library's error message is masked before it is written; and through maskUrlCredentials(),
// which masks the user name and password of any URL in it (ours, or one a library's error quotes).

import type { Writable } from 'node:stream';
import type { LogLevel } from './config/types.ts';
import { type Secret, maskUrlCredentials, redact } from './config/secret.ts';

export type LogFields = Readonly<Record<string, string | number | boolean | null | undefined>>;

export interface Logger {
  error(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  debug(message: string, fields?: LogFields): void;
}

const RANK: Record<LogLevel, number> = { error: 0, warn: 1, info: 2, debug: 3 };

export interface StreamLoggerOptions {
  readonly output: Writable;
  /** The least severe level written. */
  readonly level: LogLevel;
  /** Written before each message, e.g. "discord". */
  readonly scope: string;
  /** Values masked wherever they appear (the bot token). */
  readonly secrets?: ReadonlyArray<Secret | null>;
  /** The time stamp of a line; the current time by default. */
  readonly now?: () => Date;
}

/** `2026-05-01T12:00:00.000Z info discord: /mate answered id=… outcome=mate ms=412` */
export function streamLogger(options: StreamLoggerOptions): Logger {
  const { output, level, scope, secrets = [] } = options;
  const now = options.now ?? (() => new Date());
  const write = (at: LogLevel) => (message: string, fields?: LogFields) => {
    if (RANK[at] > RANK[level]) return;
    const line = `${now().toISOString()} ${at} ${scope}: ${message}${formatFields(fields)}`;
    output.write(`${maskUrlCredentials(redact(line, secrets))}\n`);
  };
  return { error: write('error'), warn: write('warn'), info: write('info'), debug: write('debug') };
}

/** A logger that drops everything (tests that do not look at the log). */
export const silentLogger: Logger = { error() {}, warn() {}, info() {}, debug() {} };

/** " key=value key2="two words"", leaving out absent values; one line whatever the values hold. */
function formatFields(fields: LogFields | undefined): string {
  if (!fields) return '';
  let text = '';
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const plain = typeof value === 'string' && /^[^\s"=]+$/.test(value);
    text += ` ${key}=${plain || typeof value !== 'string' ? String(value) : JSON.stringify(value)}`;
  }
  return text;
}
