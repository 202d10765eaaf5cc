// NDJSON framing: turns a stream of byte chunks into its lines. Lichess streams one JSON object
// per "\n"-terminated line plus bare "\n" keep-alives, and TCP splits them anywhere (inside a line,
// inside a multi-byte UTF-8 character), so lines are buffered to their newline and decoded with a
// streaming TextDecoder. Empty lines (keep-alives) are reported separately, so a watchdog can see
// that the stream is alive without the parser seeing them.

/** A line longer than this is not a Lichess event: the stream is broken or hostile. */
export const MAX_LINE_CHARS = 1_000_000;

export class LineTooLongError extends Error {
  override name = 'LineTooLongError';
  constructor() {
    super(`an NDJSON line exceeded ${MAX_LINE_CHARS} characters`);
  }
}

export interface NdjsonHooks {
  /** Called for every chunk, keep-alive or not (a sign of life). */
  readonly onActivity?: () => void;
}

/** The non-empty lines of `chunks`, without their "\n" (or "\r\n"); a last unterminated line too. */
export async function* ndjsonLines(
  chunks: AsyncIterable<Uint8Array | string>,
  hooks: NdjsonHooks = {},
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  for await (const chunk of chunks) {
    hooks.onActivity?.();
    buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line !== '') yield line;
      newline = buffer.indexOf('\n');
    }
    if (buffer.length > MAX_LINE_CHARS) throw new LineTooLongError();
  }
  const rest = (buffer + decoder.decode()).trim();
  if (rest !== '') yield rest;
}
