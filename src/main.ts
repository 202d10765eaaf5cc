// Entry point of `npm start`: runs the application on this process's streams and exits with its
// status. Everything else is in app.ts, where tests can drive it with their own streams.

import { runApp } from './app.ts';

const status = await runApp({
  input: process.stdin,
  output: process.stdout,
  errorOutput: process.stderr,
  interactive: process.stdin.isTTY === true,
});
// Exit explicitly once the app is done: a piped stdin that is still open (the console quit on
// /quit or a signal) would otherwise keep the process alive until its writer closes it.
process.stdout.write('', () => process.exit(status));
