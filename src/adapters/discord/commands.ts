// The slash commands the bot offers, as data: the builders here are what `npm run
// deploy-commands` registers with Discord, and their names are what the interaction handler
// reads back. Discord checks the limits in the client (length, range, choices) before a request
// is sent; the handler validates everything again all the same (a FEN needs the real parser).

import {
  ApplicationIntegrationType,
  InteractionContextType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  SlashCommandBuilder,
} from 'discord.js';
import type { MateMode, Stipulation } from '../../search/mate/index.ts';

/** The names of /mate and its options, shared with the handler that reads them. */
export const MATE_COMMAND = {
  name: 'mate',
  options: {
    n: 'n', fen: 'fen', image: 'image', side: 'side', flipped: 'flipped', mode: 'mode', kind: 'kind', spoiler: 'spoiler', solution: 'solution',
  },
} as const;

/**
 * The longest `fen` a member may type: Discord's own limit for a text option, since the field
 * also takes a Lichess or Chess.com link or a pasted PGN (src/input/pastedPosition.ts); a FEN is
 * still held to MAX_FEN_LENGTH by the parser.
 */
export const MATE_FEN_OPTION_MAX_LENGTH = 6000;

/** The choices of /mate's `mode` option: what the user sees, and the value the handler gets. */
export const MATE_MODE_CHOICES: ReadonlyArray<{ readonly name: string; readonly value: MateMode }> = [
  { name: 'all moves', value: 'all' },
  { name: 'checks only', value: 'checks' },
];

/** The choices of /mate's `kind` option: the stipulation, Popeye's meanings, the side to move first. */
export const MATE_KIND_CHOICES: ReadonlyArray<{ readonly name: string; readonly value: Stipulation }> = [
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
];

/** The choices of /mate's `side` option: the side to move in a picture. */
export const SIDE_CHOICES: ReadonlyArray<{ readonly name: string; readonly value: 'w' | 'b' }> = [
  { name: 'White', value: 'w' },
  { name: 'Black', value: 'b' },
];

/** What the definitions depend on: the config's "mate" section (so a Config can be passed). */
export interface CommandSettings {
  readonly mate: {
    /** The largest n a /mate request may ask for; becomes the `n` option's maximum. */
    readonly maxN: number;
  };
}

/** /mate n:<integer 1..maxN> [fen:<string>] [image:<attachment>] [side:<White|Black>] [flipped:<boolean>] [mode:<all moves|checks only>] [kind:<direct|self|help>] [spoiler:<boolean>] [solution:<boolean>] */
export function mateCommandBuilder(settings: CommandSettings): SlashCommandBuilder {
  const { maxN } = settings.mate;
  const builder = new SlashCommandBuilder()
    .setName(MATE_COMMAND.name)
    .setDescription('Find the shortest forced mate in a position (side to move attacks)')
    // A server's command: installed with the bot, used in its channels.
    .setContexts(InteractionContextType.Guild)
    .setIntegrationTypes(ApplicationIntegrationType.GuildInstall);
  // Discord lists required options first: n, then the position as text or as a picture.
  builder.addIntegerOption((option) =>
    option
      .setName(MATE_COMMAND.options.n)
      .setDescription(`Mate (or the kind's goal) in at most this many moves (1 to ${maxN}; an n.5 kind: n and a half)`)
      .setRequired(true)
      .setMinValue(1)
      .setMaxValue(maxN),
  );
  builder.addStringOption((option) =>
    option
      .setName(MATE_COMMAND.options.fen)
      .setDescription('The position: a FEN, a Lichess analysis link, a link with ?fen=, or a PGN (or give an image)')
      .setRequired(false)
      .setMaxLength(MATE_FEN_OPTION_MAX_LENGTH),
  );
  builder.addAttachmentOption((option) =>
    option
      .setName(MATE_COMMAND.options.image)
      .setDescription('The position as a picture of a board (a screenshot, a diagram), or a .pgn file')
      .setRequired(false),
  );
  builder.addStringOption((option) =>
    option
      .setName(MATE_COMMAND.options.side)
      .setDescription('With an image: the side to move, which a picture does not show (default: White)')
      .setRequired(false)
      .addChoices(...SIDE_CHOICES.map((choice) => ({ ...choice }))),
  );
  builder.addBooleanOption((option) =>
    option
      .setName(MATE_COMMAND.options.flipped)
      .setDescription('With an image: Black is at the bottom (when no coordinates are drawn; default: no)')
      .setRequired(false),
  );
  builder.addStringOption((option) =>
    option
      .setName(MATE_COMMAND.options.mode)
      .setDescription('Which attacking moves to try (default: all moves)')
      .setRequired(false)
      .addChoices(...MATE_MODE_CHOICES.map((choice) => ({ ...choice }))),
  );
  builder.addStringOption((option) =>
    option
      .setName(MATE_COMMAND.options.kind)
      .setDescription("The genre, Popeye's meanings; the side to move begins; n.5: a half move more (default: direct)")
      .setRequired(false)
      .addChoices(...MATE_KIND_CHOICES.map((choice) => ({ ...choice }))),
  );
  builder.addBooleanOption((option) =>
    option
      .setName(MATE_COMMAND.options.spoiler)
      .setDescription('Hide the solution behind spoiler marks, and draw the board without the key (default: no)')
      .setRequired(false),
  );
  builder.addBooleanOption((option) =>
    option
      .setName(MATE_COMMAND.options.solution)
      .setDescription('Also threats, variations, duals, tries and set play, as magazines print them (default: no)')
      .setRequired(false),
  );
  return builder;
}

/** The JSON bodies of every command, in the form Discord's bulk overwrite takes them. */
export function commandDefinitions(settings: CommandSettings): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return [mateCommandBuilder(settings).toJSON()];
}
