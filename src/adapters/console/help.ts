// /help: the list of commands with their usage (and details, where a command has them), built
// from the registry so it is never stale, and wrapped to fit an 80-column terminal.

import { wrapWords } from '../../input/wrap.ts';
import type { Command } from './command.ts';
import { refuseWords } from './command.ts';
import type { CommandRegistry } from './registry.ts';

const DESCRIPTION_INDENT = '      ';

export function helpCommand(registry: CommandRegistry): Command {
  return {
    name: 'help',
    usage: '/help',
    summary: 'list the commands',
    async run(args) {
      refuseWords(args, '/help');
      // Each usage on a line of its own, what it does under it: a long usage leaves the
      // description its width.
      const rows = registry.list().flatMap((command) => [
        `  ${command.usage}`,
        ...wrapWords(command.summary, DESCRIPTION_INDENT, DESCRIPTION_INDENT),
        // Each detail continued a little further in, so that the next one stands out.
        ...(command.details ?? []).flatMap((detail) => wrapWords(detail, DESCRIPTION_INDENT, `${DESCRIPTION_INDENT}  `)),
      ]);
      return ['Commands:', ...rows].join('\n');
    },
  };
}
