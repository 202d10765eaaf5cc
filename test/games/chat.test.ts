// Chat: templates filled and cut to Lichess's 140 characters, commands answered, the cooldown.

import { describe, expect, it } from 'vitest';
import { CHAT_HELP, ChatCommands, fillTemplate } from '../../src/games/chat.ts';

describe('fillTemplate', () => {
  it('fills {me} and {opponent}, sends nothing for an empty template, and keeps within 140 characters', () => {
    expect(fillTemplate('Hi {opponent}, I am {me}.', { me: 'Bot', opponent: 'Alice' })).toBe('Hi Alice, I am Bot.');
    expect(fillTemplate('  ', { me: 'Bot', opponent: 'Alice' })).toBeNull();
    expect(fillTemplate('{opponent}'.repeat(20), { me: 'Bot', opponent: 'Alexandrina' })).toHaveLength(140);
  });
});

describe('ChatCommands', () => {
  const context = { evaluation: '+0.35 at depth 12', engine: 'chessbot 0.1.0' };
  it('answers !help, !eval and !engine, nothing else', () => {
    const commands = new ChatCommands(0, () => 0);
    expect(commands.answer('!help', context)).toBe(CHAT_HELP);
    expect(commands.answer('!EVAL please', context)).toBe('My evaluation: +0.35 at depth 12.');
    expect(commands.answer('!engine', context)).toMatch(/^chessbot 0\.1\.0: /);
    expect(commands.answer('!eval', { ...context, evaluation: null })).toBe('I have not evaluated this game yet.');
    expect(commands.answer('good game', context)).toBeNull();
  });

  it('answers at most once per cooldown', () => {
    let now = 0;
    const commands = new ChatCommands(5000, () => now);
    expect(commands.answer('!help', context)).not.toBeNull();
    now = 4000;
    expect(commands.answer('!eval', context)).toBeNull();
    now = 5000;
    expect(commands.answer('!eval', context)).not.toBeNull();
  });
});
