import { ApplicationCommandOptionType, ApplicationCommandType, InteractionContextType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { commandDefinitions, MATE_COMMAND, MATE_FEN_OPTION_MAX_LENGTH, MATE_MODE_CHOICES } from '../../../src/adapters/discord/commands.ts';

describe('commandDefinitions', () => {
  const [mate, ...others] = commandDefinitions({ mate: { maxN: 10 } });

  it('defines exactly one chat-input command, /mate, for servers', () => {
    expect(others).toEqual([]);
    expect(mate.name).toBe('mate');
    expect(mate.name).toBe(MATE_COMMAND.name);
    expect(mate.type).toBe(ApplicationCommandType.ChatInput);
    expect(mate.contexts).toEqual([InteractionContextType.Guild]);
    expect(mate.description.length).toBeGreaterThan(0);
    expect(mate.description.length).toBeLessThanOrEqual(100);
  });

  it('has n (integer 1..maxN, required, so first), fen (string, up to the longest text option: a link or a PGN too) or image (an attachment) with side and flipped, mode and kind (optional choices), spoiler and solution (optional)', () => {
    expect(mate.options).toEqual([
      {
        type: ApplicationCommandOptionType.Integer,
        name: 'n',
        description: 'Mate (or the kind\'s goal) in at most this many moves (1 to 10; an n.5 kind: n and a half)',
        required: true,
        min_value: 1,
        max_value: 10,
      },
      {
        type: ApplicationCommandOptionType.String,
        name: 'fen',
        description: expect.any(String),
        required: false,
        max_length: MATE_FEN_OPTION_MAX_LENGTH,
      },
      { type: ApplicationCommandOptionType.Attachment, name: 'image', description: expect.any(String), required: false },
      {
        type: ApplicationCommandOptionType.String,
        name: 'side',
        description: expect.any(String),
        required: false,
        choices: [{ name: 'White', value: 'w' }, { name: 'Black', value: 'b' }],
      },
      { type: ApplicationCommandOptionType.Boolean, name: 'flipped', description: expect.any(String), required: false },
      {
        type: ApplicationCommandOptionType.String,
        name: 'mode',
        description: expect.any(String),
        required: false,
        choices: [
          { name: 'all moves', value: 'all' },
          { name: 'checks only', value: 'checks' },
        ],
      },
      {
        type: ApplicationCommandOptionType.String,
        name: 'kind',
        description: expect.any(String),
        required: false,
        choices: [
          { name: 'direct mate (#n)', value: 'direct' },
          { name: 'selfmate (s#n)', value: 'self' },
          { name: 'helpmate (h#n)', value: 'help' },
          { name: 'helpmate, a half move more (h#n.5)', value: 'help-half' },
          { name: 'helpstalemate (h=n)', value: 'help-stalemate' },
          { name: 'helpstalemate, a half move more (h=n.5)', value: 'help-stalemate-half' },
          { name: 'stalemate (=n)', value: 'stalemate' },
          { name: 'selfstalemate (s=n)', value: 'self-stalemate' },
          { name: 'series helpmate (ser-h#n)', value: 'series-help' },
          { name: 'series mate (ser-#n)', value: 'series-direct' },
          { name: 'series selfmate (ser-s#n)', value: 'series-self' },
          { name: 'series stalemate (ser-=n)', value: 'series-stalemate' },
          { name: 'series helpstalemate (ser-h=n)', value: 'series-help-stalemate' },
          { name: 'reflexmate (r#n)', value: 'reflex' },
          { name: 'semi-reflexmate (semi-r#n)', value: 'semi-reflex' },
          { name: 'help-selfmate (hs#n)', value: 'help-self' },
        ],
      },
      {
        type: ApplicationCommandOptionType.Boolean,
        name: 'spoiler',
        description: expect.any(String),
        required: false,
      },
      {
        type: ApplicationCommandOptionType.Boolean,
        name: 'solution',
        description: expect.any(String),
        required: false,
      },
    ]);
    expect(MATE_FEN_OPTION_MAX_LENGTH).toBe(6000);
    expect(Object.values(MATE_COMMAND.options)).toEqual(mate.options!.map((option) => option.name));
    expect(MATE_MODE_CHOICES.map((choice) => choice.value)).toEqual(['all', 'checks']);
    for (const option of mate.options!) expect(option.description.length).toBeLessThanOrEqual(100);
  });

  it('takes the maximum of n from the config', () => {
    for (const maxN of [1, 3, 50]) {
      const [command] = commandDefinitions({ mate: { maxN } });
      const n = command.options!.find((option) => option.name === 'n');
      expect(n).toMatchObject({ min_value: 1, max_value: maxN });
    }
  });

  it('is plain JSON that survives a round trip and stays inside Discord limits', () => {
    const definitions = commandDefinitions({ mate: { maxN: 10 } });
    expect(JSON.parse(JSON.stringify(definitions))).toEqual(definitions);
    for (const command of definitions) {
      expect(command.name).toMatch(/^[-_\p{Ll}\p{N}]{1,32}$/u);
      expect(command.options!.length).toBeLessThanOrEqual(25);
      // Required options must come before optional ones (Discord rejects the command otherwise).
      const required = command.options!.map((option) => ('required' in option ? option.required === true : false));
      expect(required).toEqual([...required].sort((a, b) => Number(b) - Number(a)));
      expect(JSON.stringify(command).length).toBeLessThan(8000);
    }
  });
});
