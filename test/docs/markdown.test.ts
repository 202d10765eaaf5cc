import { describe, expect, it } from 'vitest';
import { headingAnchors, isExternal, markdownLinks } from './markdown.ts';

describe('headingAnchors', () => {
  it('makes GitHub anchors: lower case, punctuation and code marks dropped, spaces as hyphens', () => {
    const text = [
      '# Benchmarks',
      '## Mate solving: `npm run bench:mate`',
      '## Start-up',
      '### Selfmates (s#2) and helpmates – h#2',
      '## Start-up',
      '```sh',
      '# not a heading',
      '```',
    ].join('\n');
    expect([...headingAnchors(text)]).toEqual([
      'benchmarks',
      'mate-solving-npm-run-benchmate',
      'start-up',
      'selfmates-s2-and-helpmates--h2',
      'start-up-1',
    ]);
  });
});

describe('markdownLinks', () => {
  it('finds links and images outside code, with their lines', () => {
    const text = [
      'See [cli](docs/cli.md#chessbot-bench) and ![board](img.png "a board").',
      'Not `[a](code.md)`, nor:',
      '```',
      '[b](fenced.md)',
      '```',
      '<https://lichess.org> [site](https://discord.com)',
    ].join('\n');
    expect(markdownLinks(text)).toEqual([
      { line: 1, target: 'docs/cli.md#chessbot-bench' },
      { line: 1, target: 'img.png' },
      { line: 6, target: 'https://discord.com' },
    ]);
  });
});

describe('isExternal', () => {
  it('tells another site from a path in the repository', () => {
    expect(isExternal('https://tsx.is')).toBe(true);
    expect(isExternal('mailto:someone@example.org')).toBe(true);
    expect(isExternal('docs/cli.md')).toBe(false);
    expect(isExternal('#start-up')).toBe(false);
  });
});
