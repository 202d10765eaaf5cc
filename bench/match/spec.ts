// Engine specifications on the command line. One argument per engine: comma-separated key=value
// pairs,
//
//   cmd=<command line>    the program and its arguments (required), split into words like a shell
//                          would: "…" or '…' group words; no shell is involved
//   name=<text>           the name in the output and the PGN (default: the engine's "id name")
//   dir=<path>            the working directory to start it in (default: the current one)
//   option.<Name>=<value> sent as "setoption name <Name> value <value>" (Name may contain spaces)
//   elo=<n>               short for option.UCI_LimitStrength=true,option.UCI_Elo=<n>
//   nodes=<n>             search n nodes a move (go nodes) instead of playing on the clock
//
// A comma inside a value is written "\,". An argument without any "=" is taken as the whole cmd,
// so "--engine2 stockfish" works. Pure.

export interface EngineSpec {
  /** The program and its arguments. */
  argv: string[];
  /** The command line as given (for messages). */
  cmd: string;
  name?: string;
  dir?: string;
  /** setoption name/value pairs, in the order given. */
  options: Array<[string, string]>;
  /** The UCI_Elo asked for, when any (used for the default display name). */
  elo?: number;
  /** Search this many nodes a move ("go nodes") instead of playing on the clock: self-play A/B
   *  tests that a busy machine cannot skew. */
  nodes?: number;
}

export class SpecError extends Error {}

/** Splits a command line into words: whitespace separates, quotes group, backslash escapes. */
export function splitCommand(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote !== null) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < text.length && (text[i + 1] === '"' || text[i + 1] === '\\')) word += text[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < text.length) {
      word += text[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote !== null) throw new SpecError(`unclosed ${quote} in command "${text}"`);
  if (inWord) words.push(word);
  return words;
}

/** Splits on commas that are not escaped as "\,"; the escapes become plain commas. */
function splitPairs(text: string): string[] {
  const parts: string[] = [];
  let part = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\' && text[i + 1] === ',') {
      part += ',';
      i++;
    } else if (text[i] === ',') {
      parts.push(part);
      part = '';
    } else part += text[i];
  }
  parts.push(part);
  return parts;
}

export function parseEngineSpec(text: string): EngineSpec {
  if (text.trim() === '') throw new SpecError('the engine spec is empty');
  if (!text.includes('=')) {
    const argv = splitCommand(text);
    if (argv.length === 0) throw new SpecError('the engine spec is empty');
    return { argv, cmd: text.trim(), options: [] };
  }
  const spec: Partial<EngineSpec> & { options: Array<[string, string]> } = { options: [] };
  for (const raw of splitPairs(text)) {
    const pair = raw.trim();
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    if (eq < 0) throw new SpecError(`expected key=value, got "${pair}" (write a comma inside a value as \\,)`);
    const key = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (key === 'cmd') {
      const argv = splitCommand(value);
      if (argv.length === 0) throw new SpecError('cmd= is empty');
      spec.argv = argv;
      spec.cmd = value;
    } else if (key === 'name') {
      if (value === '') throw new SpecError('name= is empty');
      spec.name = value;
    } else if (key === 'dir') {
      if (value === '') throw new SpecError('dir= is empty');
      spec.dir = value;
    } else if (key === 'nodes') {
      if (!/^[1-9]\d*$/.test(value)) throw new SpecError(`nodes= expects a positive whole number, got "${value}"`);
      spec.nodes = Number(value);
    } else if (key === 'elo') {
      if (!/^\d+$/.test(value)) throw new SpecError(`elo= expects a whole number, got "${value}"`);
      spec.elo = Number(value);
      setOption(spec.options, 'UCI_LimitStrength', 'true');
      setOption(spec.options, 'UCI_Elo', value);
    } else if (key.startsWith('option.')) {
      const name = key.slice('option.'.length).trim();
      if (name === '') throw new SpecError(`option name missing in "${pair}"`);
      setOption(spec.options, name, value);
      if (name.toLowerCase() === 'uci_elo' && /^\d+$/.test(value)) spec.elo = Number(value);
    } else {
      throw new SpecError(`unknown key "${key}" (known: cmd, name, dir, option.<Name>, elo, nodes)`);
    }
  }
  if (spec.argv === undefined || spec.cmd === undefined) throw new SpecError(`no cmd= in "${text}"`);
  return spec as EngineSpec;
}

/** Sets (or replaces, matching names without regard to case, as UCI does) an option. */
export function setOption(options: Array<[string, string]>, name: string, value: string): void {
  const at = options.findIndex(([n]) => n.toLowerCase() === name.toLowerCase());
  if (at >= 0) options[at] = [name, value];
  else options.push([name, value]);
}

export function hasOption(options: ReadonlyArray<[string, string]>, name: string): boolean {
  return options.some(([n]) => n.toLowerCase() === name.toLowerCase());
}
