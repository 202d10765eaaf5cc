// /help: the list of commands with their usage (and details, where a command has them), built
// from the registry so it is never stale.

import type { Command } from './command.ts';
import type { CommandRegistry } from './registry.ts';

export function helpCommand(registry: CommandRegistry): Command {
  return {
    name: 'help',
    usage: '/help',
    summary: 'list the commands',
    async run() {
      const commands = registry.list();
      const width = Math.max(...commands.map((command) => command.usage.length));
      const rows = commands.flatMap((command) => [
        `  ${command.usage.padEnd(width)}  ${command.summary}`,
        // Details line up under the summary.
        ...(command.details ?? []).map((detail) => `  ${''.padEnd(width)}  ${detail}`),
      ]);
      return ['Commands:', ...rows].join('\n');
    },
  };
}
