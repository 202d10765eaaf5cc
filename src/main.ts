// Entry point of `npm start`: runs the application on this process's streams and exits with its
// status. Everything else is in app.ts, where tests can drive it with their own streams.
//
// A failure that escapes everything (a promise nobody awaited, an exception in a callback) would
// otherwise print Node's stack trace, with whatever the error carried, to the terminal or the
// service log. Instead it is logged as one line, with the tokens masked, and the process exits 1:
// its state is unknown after that, and a supervisor restarts it cleanly.

import { runApp } from './app.ts';
import { errorLine } from './errors.ts';
import { streamLogger } from './log.ts';
import type { Secret } from './config/secret.ts';

/** Status after an unexpected failure, as for a bot that stopped (app.ts's EXIT_BOT_FAILED). */
const EXIT_UNEXPECTED = 1;

// Filled in once the configuration is read; the logger masks whatever it holds when it writes.
const secrets: Secret[] = [];
const fatalLog = streamLogger({ output: process.stderr, level: 'error', scope: 'process', secrets });
let failed = false;
const fail = (what: string, error: unknown) => {
  // One line, even if the failure repeats while the process is on its way out.
  if (failed) return;
  failed = true;
  fatalLog.error(`${what}; exiting`, { error: errorLine(error, { named: true }) });
  process.stderr.write('', () => process.exit(EXIT_UNEXPECTED));
};
process.on('unhandledRejection', (reason) => fail('unhandled promise rejection', reason));
// A rejected top-level await (runApp itself failing) arrives here, with that origin.
process.on('uncaughtException', (error, origin) =>
  fail(origin === 'unhandledRejection' ? 'unhandled promise rejection' : 'uncaught exception', error),
);

const status = await runApp({
  input: process.stdin,
  output: process.stdout,
  errorOutput: process.stderr,
  interactive: process.stdin.isTTY === true,
  onSecrets: (tokens) => secrets.push(...tokens),
});
// Exit explicitly once the app is done: a piped stdin that is still open (the console quit on
// /quit or a signal) would otherwise keep the process alive until its writer closes it.
process.stdout.write('', () => process.exit(status));
