// The game chat: the greeting and goodbye lines (with {me} and {opponent} filled in), and the few
// commands people may type (!help, !eval, !engine), answered at most once per cooldown per game so
// that nobody can make the bot flood the chat (Lichess's spam filter would silence it anyway).
// GameChat applies these to one live game, through the game's port.

import type { LichessSettings } from '../config/types.ts';
import { errorLine } from '../errors.ts';
import type { GameClock, GamePort } from './port.ts';
import type { LogFields, Logger } from '../log.ts';
import type { GameSession } from './session.ts';

/** Lichess drops longer chat lines. */
export const MAX_CHAT_CHARS = 140;

export interface ChatContext {
  /** The latest evaluation as text ("+0.35 at depth 14"), or null before the first search. */
  readonly evaluation: string | null;
  /** "chessbot 0.1.0": name and version. */
  readonly engine: string;
}

export const CHAT_HELP = 'Commands: !help (this list), !eval (my evaluation), !engine (what I run on).';

/** "{me}" and "{opponent}" replaced; null for an empty template (the line is not sent). */
export function fillTemplate(template: string, names: { me: string; opponent: string }): string | null {
  if (template.trim() === '') return null;
  const text = template.replaceAll('{me}', names.me).replaceAll('{opponent}', names.opponent);
  return text.slice(0, MAX_CHAT_CHARS);
}

/** Answers chat commands in one game, respecting the cooldown. */
export class ChatCommands {
  private lastAnswerAt = -Infinity;

  constructor(
    private readonly cooldownMs: number,
    private readonly now: () => number,
  ) {}

  /** The answer to `text`, or null (not a command, or too soon after the last answer). */
  answer(text: string, context: ChatContext): string | null {
    const command = text.trim().toLowerCase().split(/\s+/)[0] ?? '';
    let reply: string | null;
    switch (command) {
      case '!help':
      case '!commands':
        reply = CHAT_HELP;
        break;
      case '!eval':
        reply = context.evaluation ? `My evaluation: ${context.evaluation}.` : 'I have not evaluated this game yet.';
        break;
      case '!engine':
        reply = `${context.engine}: a TypeScript alpha-beta engine (iterative deepening PVS).`;
        break;
      default:
        return null;
    }
    const now = this.now();
    if (now - this.lastAnswerAt < this.cooldownMs) return null;
    this.lastAnswerAt = now;
    return reply.slice(0, MAX_CHAT_CHARS);
  }
}

export interface GameChatOptions {
  readonly port: Pick<GamePort, 'say' | 'readChatAuthors'>;
  readonly clock: GameClock;
  readonly log: Logger;
  readonly settings: Pick<LichessSettings, 'greeting' | 'goodbye' | 'chatCommands' | 'chatCooldownSeconds'>;
  /** "chessbot 0.1.0", for !engine. */
  readonly engineName: string;
}

/** One game's chat: greeted once, goodbye at the end, commands answered. */
export class GameChat {
  private readonly commands: ChatCommands;
  private greeted = false;

  constructor(
    private readonly options: GameChatOptions,
    private readonly session: GameSession,
    private readonly logFields: LogFields,
    /** True after a shutdown: nothing more is said. */
    private readonly isStopped: () => boolean,
  ) {
    this.commands = new ChatCommands(options.settings.chatCooldownSeconds * 1000, () => options.clock.now());
  }

  /**
   * The greeting, in the first two plies only. A game resumed after a restart is not greeted
   * again: past the first moves, or our account already wrote in the chat.
   */
  async greet(): Promise<void> {
    const { session, options } = this;
    const text = fillTemplate(options.settings.greeting, this.names());
    if (!text || session.ply >= 2 || session.isOver) return;
    try {
      const authors = await options.port.readChatAuthors();
      if (authors.some((name) => name.toLowerCase() === session.setup.us.id)) return;
    } catch (error) {
      options.log.debug('could not read the chat before greeting', { ...this.logFields, why: errorLine(error) });
    }
    if (this.greeted || this.isStopped()) return;
    this.greeted = true;
    await options.port.say('player', text);
  }

  /** The goodbye, for a game we saw in play (`sawLive`: not old news) that was not aborted. */
  sayGoodbye(sawLive: boolean): void {
    const goodbye = fillTemplate(this.options.settings.goodbye, this.names());
    if (goodbye && sawLive && this.session.result !== 'aborted' && !this.isStopped()) void this.options.port.say('player', goodbye);
  }

  /** A chat line: a command from someone else is answered in its room (within the cooldown). */
  answer(username: string, room: string, text: string, evaluation: string | null): void {
    const { options } = this;
    if (!options.settings.chatCommands || username.toLowerCase() === this.session.setup.us.id) return;
    const reply = this.commands.answer(text, { evaluation, engine: options.engineName });
    if (reply) void options.port.say(room === 'spectator' ? 'spectator' : 'player', reply);
  }

  private names(): { me: string; opponent: string } {
    return { me: this.session.setup.us.name, opponent: this.session.setup.opponent.name };
  }
}
