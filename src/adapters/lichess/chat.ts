// The game chat: the greeting and goodbye lines (with {me} and {opponent} filled in), and the few
// commands people may type (!help, !eval, !engine), answered at most once per cooldown per game so
// that nobody can make the bot flood the chat (Lichess's spam filter would silence it anyway).

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
