// A token or password that must never reach a log line, an error message or a JSON dump.
// The value is held in a private field and only `reveal()` gives it out; every way of turning
// the object into text (String(), JSON.stringify, util.inspect / console.log) prints a mask.

const MASK = '[redacted]';

export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  /** The real value: call this only at the point where it is handed to a client library. */
  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return MASK;
  }

  toJSON(): string {
    return MASK;
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `Secret(${MASK})`;
  }
}

/**
 * Replaces every occurrence of each secret's value in `text` with a mask. For text that did not
 * come from us (a library's error message, an HTTP body) and may echo a token back.
 */
export function redact(text: string, secrets: Iterable<Secret | null | undefined>): string {
  let result = text;
  for (const secret of secrets) {
    const value = secret?.reveal();
    if (value) result = result.split(value).join(MASK);
  }
  return result;
}
