// What the docs tests read in a Markdown file: its headings' anchors as GitHub makes them, and
// its links outside code. Just enough Markdown for this project's docs, not a general parser.

export interface MarkdownLink {
  readonly line: number;
  readonly target: string;
}

/** The text outside fenced code blocks, line by line (a line inside a fence is blanked). */
export function proseLines(text: string): string[] {
  let fence: string | null = null;
  return text.split('\n').map((line) => {
    const opening = /^\s*(```+|~~~+)/.exec(line);
    if (fence !== null) {
      if (opening && opening[1]!.startsWith(fence)) fence = null;
      return '';
    }
    if (opening) {
      fence = opening[1]!;
      return '';
    }
    return line;
  });
}

/** A line without its inline code spans, so that `[x](y)` written as code is no link. */
function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)[^`]*?\1/g, (span) => ' '.repeat(span.length));
}

/**
 * GitHub's anchor for a heading (github-slugger): the rendered text in lower case, every
 * character that is not a letter, digit, mark, space, hyphen or underscore dropped, spaces made
 * hyphens; a repeated heading gets -1, -2, ... .
 */
export function headingAnchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const rendered = heading[1]!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '');
    const base = rendered.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Every inline link and image outside code, with its 1-based line. */
export function markdownLinks(text: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  proseLines(text).forEach((line, index) => {
    for (const match of withoutCodeSpans(line).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ line: index + 1, target: match[1]! });
    }
  });
  return links;
}

/** A link to another site (or a mail address), which these tests do not follow. */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}
