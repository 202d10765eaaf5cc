// The set of commands one front end offers, and the dispatcher from a typed line to a reply.
// Every outcome is a short text: a result, or a one-line error that names the command.

import type { Command, CommandContext } from './command.ts';
import { closestWord, commandErrorText, errorLine, quote } from '../../errors.ts';
import { splitWords } from './words.ts';

export type Reply =
  | { readonly kind: 'ok'; readonly text: string }
  | { readonly kind: 'error'; readonly text: string };

const COMMAND_PREFIX = '/';

export class CommandRegistry {
  readonly #commands = new Map<string, Command>();

  /** Adds a command; two commands with one name would make dispatch ambiguous. */
  add(command: Command): this {
    if (this.#commands.has(command.name)) throw new Error(`command /${command.name} is registered twice`);
    this.#commands.set(command.name, command);
    return this;
  }

  get(name: string): Command | undefined {
    return this.#commands.get(name);
  }

  /** The commands in the order they were added (the order /help lists them). */
  list(): Command[] {
    return [...this.#commands.values()];
  }

  /** Runs one typed line. Resolves to null for a blank line; never rejects. */
  async dispatch(line: string, context: CommandContext = {}): Promise<Reply | null> {
    let words: string[];
    try {
      words = splitWords(line);
    } catch (error) {
      return { kind: 'error', text: errorLine(error) };
    }
    const [first, ...args] = words;
    if (first === undefined) return null;

    const name = first.startsWith(COMMAND_PREFIX) ? first.slice(COMMAND_PREFIX.length) : null;
    const command = name === null ? undefined : this.#commands.get(name.toLowerCase());
    if (!command) {
      // Quoted: escaped, so that no control character reaches the terminal, and cut when long.
      const meant = name === null ? null : closestWord(name, [...this.#commands.keys()], 1);
      const what = name === null
        ? `${quote(first)} is not a command (commands start with /)`
        : `unknown command ${quote(first)}${meant !== null ? ` (did you mean /${meant}?)` : ''}`;
      return { kind: 'error', text: `${what}; type /help for the list` };
    }

    try {
      return { kind: 'ok', text: await command.run(args, context) };
    } catch (error) {
      return { kind: 'error', text: commandErrorText(command.name, error) };
    }
  }
}
