// The commands every front end offers (the local console now, the Discord bot later). Each
// front end adds its own on top, such as the console's /quit. The mate issue adds /mate here.

import type { Command } from './command.ts';

export function sharedCommands(): Command[] {
  return [];
}
