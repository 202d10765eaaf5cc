// A token or password that must never reach a log line, an error message or a JSON dump.
// The value is held in a private field and only `reveal()` gives it out; every way of turning
// the object into text (String(), JSON.stringify, util.inspect / console.log) prints a mask.
// And the credentials a URL may carry ("https://user:password@host/"), masked wherever they are.

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

// "scheme://userinfo@": the userinfo runs from "://" to the last "@" before the host ends (at a
// "/", "?", "#", a space or a quote), so "@" in a path (https://lichess.org/@/name) is not one,
// and a password with a raw "@" in it is masked whole. (A scheme is short: bounding it keeps a
// long run of "a.a.a…" from costing quadratic time.)
const URL_USERINFO = /\b([a-z][a-z0-9+.-]{0,31}:\/\/)[^\s/?#"'<>`\\]*@/gi;

/**
 * `text` with the user name and password of every URL in it masked: "http://user:pass@host/api"
 * becomes "http://[redacted]@host/api". For every URL that reaches a log line or a message,
 * ours (DISCORD_API_URL, LICHESS_URL) and those inside a library's error text alike.
 */
export function maskUrlCredentials(text: string): string {
  return text.replace(URL_USERINFO, `$1${MASK}@`);
}
