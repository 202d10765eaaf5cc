// Every relative link and anchor in the user docs resolves: a file or folder that exists in the
// repository, and for a Markdown target, a heading whose GitHub anchor is the one linked to.

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingAnchors, isExternal, markdownLinks } from './markdown.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

const DOCS = [
  'README.md',
  'CHANGELOG.md',
  'bench/experiments/README.md',
  ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`),
];

const anchorsByFile = new Map<string, Set<string>>();
function anchorsOf(path: string): Set<string> {
  let anchors = anchorsByFile.get(path);
  if (!anchors) {
    anchors = headingAnchors(readFileSync(path, 'utf8'));
    anchorsByFile.set(path, anchors);
  }
  return anchors;
}

/** Why a link does not resolve, or null when it does. */
function brokenBecause(fromFile: string, target: string): string | null {
  const hash = target.indexOf('#');
  const pathPart = hash < 0 ? target : target.slice(0, hash);
  const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
  const path = pathPart === '' ? fromFile : resolve(dirname(fromFile), decodeURIComponent(pathPart));
  if (!path.startsWith(ROOT)) return 'points outside the repository';
  if (!existsSync(path)) return `no such file: ${relative(ROOT, path)}`;
  if (anchor === null) return null;
  if (statSync(path).isDirectory() || !path.endsWith('.md')) return 'an anchor into a file that is not Markdown';
  return anchorsOf(path).has(anchor) ? null : `no heading with the anchor #${anchor} in ${relative(ROOT, path)}`;
}

describe('links in the docs', () => {
  it('finds the docs it checks', () => {
    expect(DOCS).toContain('docs/benchmarks.md');
    expect(DOCS).toContain('docs/cli.md');
  });

  it.each(DOCS)('every relative link and anchor in %s resolves', (doc) => {
    const file = join(ROOT, doc);
    const broken = markdownLinks(readFileSync(file, 'utf8'))
      .filter(({ target }) => !isExternal(target))
      .flatMap(({ line, target }) => {
        const reason = brokenBecause(file, target);
        return reason === null ? [] : [`${doc}:${line}: ${target}: ${reason}`];
      });
    expect(broken).toEqual([]);
  });
});
