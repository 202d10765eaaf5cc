import { describe, expect, it } from 'vitest';
import type { Command } from '../../../src/adapters/console/command.ts';
import { UsageError } from '../../../src/errors.ts';
import { helpCommand } from '../../../src/adapters/console/help.ts';
import { CommandRegistry } from '../../../src/adapters/console/registry.ts';

function command(name: string, run: Command['run']): Command {
  return { name, usage: `/${name}`, summary: `the ${name} command`, run };
}

describe('CommandRegistry.dispatch', () => {
  const registry = new CommandRegistry()
    .add(command('echo', async (args) => args.join(' ')))
    .add(
      command('strict', async () => {
        throw new UsageError('n must be an integer from 1 to 10, got "x"');
      }),
    )
    .add(
      command('broken', async () => {
        throw new TypeError('cannot read properties of undefined\n    at somewhere (file.ts:1:1)');
      }),
    );

  it('runs the named command with the remaining words', async () => {
    expect(await registry.dispatch('  /echo  a   b ')).toEqual({ kind: 'ok', text: 'a b' });
  });

  it('accepts the name in any case', async () => {
    expect(await registry.dispatch('/ECHO x')).toEqual({ kind: 'ok', text: 'x' });
  });

  it('ignores blank lines', async () => {
    expect(await registry.dispatch('   ')).toBeNull();
  });

  it('names an unknown command', async () => {
    expect(await registry.dispatch('/mate x 2')).toEqual({
      kind: 'error',
      text: 'unknown command "/mate"; type /help for the list',
    });
  });

  it('names input that is not a command', async () => {
    expect(await registry.dispatch('e2e4')).toEqual({
      kind: 'error',
      text: '"e2e4" is not a command (commands start with /); type /help for the list',
    });
  });

  it('shows a usage error as the command name and the message', async () => {
    expect(await registry.dispatch('/strict')).toEqual({
      kind: 'error',
      text: '/strict: n must be an integer from 1 to 10, got "x"',
    });
  });

  it('folds an unexpected error onto one line', async () => {
    const reply = await registry.dispatch('/broken');
    expect(reply?.kind).toBe('error');
    expect(reply?.text).toBe('/broken: failed: cannot read properties of undefined; at somewhere (file.ts:1:1)');
    expect(reply?.text).not.toContain('\n');
  });

  it('reports an unmatched quote', async () => {
    expect(await registry.dispatch('/echo "abc')).toEqual({ kind: 'error', text: 'unmatched double quote' });
  });

  it('refuses two commands with one name', () => {
    expect(() => new CommandRegistry().add(command('a', async () => '')).add(command('a', async () => ''))).toThrow(
      /registered twice/,
    );
  });
});

describe('helpCommand', () => {
  it('lists every command: its usage, and its summary under it', async () => {
    const registry = new CommandRegistry();
    registry.add(helpCommand(registry)).add({ ...command('mate', async () => ''), usage: '/mate <fen> <n>' });
    expect(await registry.dispatch('/help')).toEqual({
      kind: 'ok',
      text: 'Commands:\n  /help\n      list the commands\n  /mate <fen> <n>\n      the mate command',
    });
  });
});
