// The commands every front end offers (the local console now, the Discord bot later). Each
// front end adds its own on top, such as the console's /quit, and chooses how searches run.

import type { Command } from './command.ts';
import { type MateRunner, type MateSettings, mateCommand } from './mate.ts';

export interface SharedCommandOptions {
  /** The config's limits on /mate, and where its searches run (inline, or the worker pool). */
  readonly mate: MateSettings & { readonly runner: MateRunner };
}

export function sharedCommands(options: SharedCommandOptions): Command[] {
  return [mateCommand(options.mate)];
}
