// Text laid out for an 80-column terminal: help screens wrap their words under a hanging indent,
// never inside a word, so that a description lines up under its synopsis at any length.

/** The width every help line fits in: the classic terminal's. */
export const TERMINAL_COLUMNS = 80;

/**
 * `text`'s words (runs of non-spaces; a bracketed group such as "[--kind direct|self|help]"
 * counts as one) filled into lines of at most `width` characters: the first line starts with
 * `firstIndent`, the others with `restIndent`. A word longer than a line gets a line of its own.
 */
export function wrapWords(text: string, firstIndent: string, restIndent: string, width = TERMINAL_COLUMNS): string[] {
  // A bracketed group is kept whole only when it stands alone, between spaces.
  const words = text.match(/(?<!\S)\[[^\]]*\](?!\S)|\S+/g) ?? [];
  const lines: string[] = [];
  let line = firstIndent;
  let empty = true;
  for (const word of words) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = restIndent;
      empty = true;
    }
    line += empty ? word : ` ${word}`;
    empty = false;
  }
  lines.push(line.trimEnd());
  return lines;
}

/**
 * Lines written as a two-column table ("--tree    what it does", continued on lines indented to
 * the second column) or as plain text, rewrapped to `width`: each entry's text refilled under its
 * own second column, a plain paragraph under its own indent. Empty lines stay.
 */
export function wrapTable(lines: readonly string[], indent: string, width = TERMINAL_COLUMNS): string[] {
  const out: string[] = [];
  let entry: { first: string; hang: number; text: string; plain: boolean } | null = null;
  const flush = () => {
    if (entry) out.push(...wrapWords(entry.text, indent + entry.first, indent + ' '.repeat(entry.hang), width));
    entry = null;
  };
  for (const line of lines) {
    const lead = /^ */.exec(line)![0].length;
    const term = /^(\s*\S+(?: \S+)*?\s{2,})(\S.*)$/.exec(line);
    if (line.trim() === '') {
      flush();
      out.push('');
    } else if (entry !== null && lead === entry.hang && (entry.plain ? term === null : lead > 0)) {
      // A continuation of the entry above (its second column, or its paragraph): refilled with it.
      entry.text += ` ${line.trim()}`;
    } else {
      flush();
      entry = term
        ? { first: term[1]!, hang: term[1]!.length, text: term[2]!, plain: false }
        : { first: ' '.repeat(lead), hang: lead, text: line.trim(), plain: true };
    }
  }
  flush();
  return out;
}
