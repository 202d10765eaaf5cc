// Reading what UCI engines print: "option name … type …" declarations and "info …" lines. Pure.

export interface UciOption {
  name: string;
  type: string;
  default?: string;
  min?: number;
  max?: number;
  vars: string[];
}

/** An "option name <name> type <type> [default …] [min …] [max …] [var …]*" line, or null. */
export function parseOptionLine(line: string): UciOption | null {
  const m = /^option\s+name\s+(.+?)\s+type\s+(\S+)(.*)$/.exec(line.trim());
  if (!m) return null;
  const option: UciOption = { name: m[1], type: m[2], vars: [] };
  // The remaining keywords; a value runs until the next keyword (a default may contain spaces).
  const words = m[3].trim() === '' ? [] : m[3].trim().split(/\s+/);
  let key: string | null = null;
  let value: string[] = [];
  const flush = (): void => {
    if (key === null) return;
    const text = value.join(' ');
    if (key === 'default') option.default = text === '<empty>' ? '' : text;
    else if (key === 'min') option.min = Number(text);
    else if (key === 'max') option.max = Number(text);
    else if (key === 'var') option.vars.push(text);
  };
  for (const word of words) {
    if (word === 'default' || word === 'min' || word === 'max' || word === 'var') {
      flush();
      key = word;
      value = [];
    } else value.push(word);
  }
  flush();
  return option;
}

/**
 * Checks a value for a declared option; returns a problem (e.g. "must be between 1350 and 2850")
 * or null. Engines silently ignore bad values (Stockfish keeps its old one), so the runner refuses.
 */
export function checkOptionValue(option: UciOption, value: string): string | null {
  switch (option.type) {
    case 'spin': {
      if (!/^-?\d+$/.test(value)) return `expects an integer, got "${value}"`;
      const n = Number(value);
      if ((option.min !== undefined && n < option.min) || (option.max !== undefined && n > option.max)) {
        return `must be between ${option.min} and ${option.max}, got ${value}`;
      }
      return null;
    }
    case 'check':
      return value === 'true' || value === 'false' ? null : `expects true or false, got "${value}"`;
    case 'combo': {
      const match = option.vars.find((v) => v.toLowerCase() === value.toLowerCase());
      return match !== undefined ? null : `expects one of ${option.vars.join(', ')}, got "${value}"`;
    }
    case 'button':
      return null;
    default:
      return null;
  }
}

export interface UciScore {
  kind: 'cp' | 'mate';
  value: number;
}

export interface UciInfo {
  depth?: number;
  seldepth?: number;
  nodes?: number;
  nps?: number;
  /** Milliseconds, as the engine reports them. */
  time?: number;
  score?: UciScore;
  /** True for "lowerbound"/"upperbound" scores (not exact). */
  bound?: boolean;
}

const NUMERIC = new Set(['depth', 'seldepth', 'nodes', 'nps', 'time']);

/** The numbers and score of an "info …" line (null for other lines, or for "info string …"). */
export function parseInfo(line: string): UciInfo | null {
  if (!line.startsWith('info ')) return null;
  const tokens = line.split(/\s+/);
  const info: UciInfo = {};
  for (let i = 1; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === 'string' || token === 'pv') break; // free text or the move list: nothing further for us
    if (NUMERIC.has(token)) {
      const n = Number(tokens[i + 1]);
      if (Number.isFinite(n)) (info as Record<string, number>)[token] = n;
      i++;
    } else if (token === 'score') {
      const kind = tokens[i + 1];
      const value = Number(tokens[i + 2]);
      if ((kind === 'cp' || kind === 'mate') && Number.isFinite(value)) info.score = { kind, value };
      i += 2;
      if (tokens[i + 1] === 'lowerbound' || tokens[i + 1] === 'upperbound') {
        info.bound = true;
        i++;
      }
    }
  }
  return info;
}

/** A score for a PGN comment, from the mover's point of view: "+0.35", "-1.20", "+M5", "-M3". */
export function formatScore(score: UciScore): string {
  if (score.kind === 'mate') return `${score.value > 0 ? '+' : '-'}M${Math.abs(score.value)}`;
  const pawns = score.value / 100;
  return `${pawns >= 0 ? '+' : ''}${pawns.toFixed(2)}`;
}
