// NDJSON framing: lines split at every byte offset (inside multi-byte UTF-8 too), several lines
// in one chunk, keep-alive newlines, CRLF endings and a last line without its newline.

import { describe, expect, it } from 'vitest';
import { LineTooLongError, MAX_LINE_CHARS, ndjsonLines } from '../../../src/adapters/lichess/ndjson.ts';

async function collect(chunks: Array<Uint8Array | string>, onActivity?: () => void): Promise<string[]> {
  const lines: string[] = [];
  async function* source() {
    for (const chunk of chunks) yield chunk;
  }
  for await (const line of ndjsonLines(source(), { onActivity })) lines.push(line);
  return lines;
}

const encoder = new TextEncoder();

describe('ndjsonLines', () => {
  const text = '{"type":"chatLine","text":"héllo ♞ 🐴"}\n\n{"type":"gameState","moves":"e2e4"}\n';
  const bytes = encoder.encode(text);

  it('gives the same lines whatever byte offset the stream is split at', async () => {
    for (let cut = 0; cut <= bytes.length; cut++) {
      const lines = await collect([bytes.slice(0, cut), bytes.slice(cut)]);
      expect(lines).toEqual(['{"type":"chatLine","text":"héllo ♞ 🐴"}', '{"type":"gameState","moves":"e2e4"}']);
    }
  });

  it('reads a stream sent one byte at a time', async () => {
    const chunks = [...bytes].map((b) => Uint8Array.of(b));
    let activity = 0;
    const lines = await collect(chunks, () => activity++);
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!).text).toBe('héllo ♞ 🐴');
    expect(activity).toBe(bytes.length);
  });

  it('drops keep-alive lines but reports them as activity', async () => {
    let activity = 0;
    expect(await collect(['\n', '\n', '\r\n'], () => activity++)).toEqual([]);
    expect(activity).toBe(3);
  });

  it('trims CRLF endings and keeps a last line without a newline', async () => {
    expect(await collect(['{"a":1}\r\n{"b":2}'])).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('refuses an endless line', async () => {
    await expect(collect(['x'.repeat(MAX_LINE_CHARS + 1)])).rejects.toBeInstanceOf(LineTooLongError);
  });
});
