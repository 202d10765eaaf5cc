// Entry point of `npm start`: runs the application on this process's streams and sets the exit
// status. Everything else is in app.ts, where tests can drive it with their own streams.

import { runApp } from './app.ts';

process.exitCode = await runApp({
  input: process.stdin,
  output: process.stdout,
  errorOutput: process.stderr,
  interactive: process.stdin.isTTY === true,
});
