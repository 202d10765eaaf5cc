// One /mate request from start to answer:
//
//   1. validate with the /mate use case (checkMateFields); bad input gets a private reply naming the problem,
//      before anything else happens (a deferred reply cannot be made private afterwards);
//   2. an identical request answered recently is answered again from the cache, at once;
//   3. the request joins the line (line.ts): a private "busy, try again in …" only when the line
//      is full, the member holds all their places, or the wait would outlast the interaction;
//   4. the reply is deferred at once (Discord's 3 seconds) and shows the request's place in line
//      while it waits, with a Cancel button; once its turn comes the search runs on the engine,
//      and the reply is edited with progress, throttled;
//   5. the final edit holds the answer and the board picture, and removes the button; if Discord
//      refuses it while the reply still exists, the answer's words go out once more, plain.
//
// What reaches the channel is written for its members: their own input is escaped before it is
// quoted back, and a failure on our side is one fixed sentence (the details go to the log).

import { performance } from 'node:perf_hooks';
import type { ChatInputCommandInteraction } from 'discord.js';
import type { Position } from '../../chess/position.ts';
import { UsageError, commandErrorText, formatCount, quote } from '../../errors.ts';
import { type EngineClient, PoolBusyError, PoolClosedError } from '../../engine/index.ts';
import type { PastedPosition } from '../../input/pastedPosition.ts';
import { parseSideToMove } from '../../input/picturedPosition.ts';
import { NoSolverError } from '../../queue/index.ts';
import {
  type MateOutcome, type MateProblem, SHUTDOWN, checkMateFields, formatMateAnswer, formatStipulation, pastedPositionLine, searchMate,
} from '../../mate/index.ts';
import { positionFromAttachment } from './attachedPosition.ts';
import { type AnswerCache, isCacheable, mateAnswerKey } from './cache.ts';
import { MATE_COMMAND } from './commands.ts';
import { describeDiscordError, isAlreadyAcknowledged, isReplyGone } from './errors.ts';
import type { MateLine, Ticket } from './line.ts';
import type { Logger } from '../../log.ts';
import { ThrottledEditor } from './progress.ts';
import {
  answerMessage, busyText, failureMessage, literalText, plainMessage, privateReply, progressMessage, spoiler, waitingMessage,
} from './replies.ts';
import type { RemoteSearches } from './cancel.ts';
import type { PendingReplies } from './pendingReplies.ts';
import type { RunningSearches } from './running.ts';

/** Draws the board from the side to move, with the key (UCI) marked when there is one. */
export type BoardRenderer = (position: Position, keyUci: string | null) => Buffer;

/** Everything a /mate request needs, shared by all requests. */
export interface MateServices {
  /** Where the searches run. */
  readonly engine: EngineClient;
  /** The largest n anyone may ask for. */
  readonly maxN: number;
  /** The time cap of one search, in seconds. */
  readonly timeoutSeconds: number;
  readonly line: MateLine;
  /** Null when answers are not cached. */
  readonly cache: AnswerCache | null;
  /** Where replies in flight are noted for another process to finish (bots sharing a queue); null: nowhere. */
  readonly pending: PendingReplies | null;
  /** Searches other bot processes serve, for a Cancel click that reaches this one; null: none. */
  readonly remote: RemoteSearches | null;
  readonly running: RunningSearches;
  readonly renderBoard: BoardRenderer;
  readonly logger: Logger;
  /** The least time between two progress edits of one reply. */
  readonly progressIntervalMs: number;
  /** How often the elapsed time is refreshed while no new progress comes. */
  readonly refreshMs: number;
  /** How long Discord lets the reply be edited (INTERACTION_LIFETIME_MS; shorter in tests). */
  readonly interactionLifetimeMs: number;
  /** False once the bot is shutting down: new requests are turned away. */
  readonly accepting: () => boolean;
}

// A stopped search answers within the engine's grace period after its deadline.
const STOP_ALLOWANCE_MS = 2_000;
/** How long Discord keeps an interaction's token: its reply can be edited for this long. */
export const INTERACTION_LIFETIME_MS = 15 * 60_000;
/** Kept free at the end of the interaction's life for the final edit (and its retries). */
const FINAL_EDIT_MARGIN_MS = 30_000;

export const SHUTTING_DOWN_TEXT = 'The bot is restarting and takes no new problems right now; try again in a minute.';
/** A search that failed on our side: the same words whatever broke, since the cause is ours to read in the log. */
export const SEARCH_FAILED_TEXT = 'Something went wrong while solving this; please try again.';
/** Searches go through a queue and no solver serves it: said within seconds, not at the deadline. */
export const NO_SOLVER_TEXT = 'No solver is running right now, so nothing can be solved; please try again in a few minutes.';
/** A request cancelled by its member before its turn came. */
export const CANCELLED_WAITING_TEXT = 'Cancelled while waiting in line: nothing was searched.';

/** Handles one /mate interaction. Rejects only on a failure to talk to Discord at all. */
export async function handleMateCommand(interaction: ChatInputCommandInteraction, services: MateServices): Promise<void> {
  const { logger, line, cache } = services;
  // The reply can be edited until this, whatever the request waits for in between.
  const replyEditableUntil = Date.now() + services.interactionLifetimeMs;
  const fields = {
    fen: optionValue(interaction, MATE_COMMAND.options.fen),
    n: optionValue(interaction, MATE_COMMAND.options.n),
    mode: optionValue(interaction, MATE_COMMAND.options.mode),
    spoiler: optionValue(interaction, MATE_COMMAND.options.spoiler),
    solution: optionValue(interaction, MATE_COMMAND.options.solution),
    kind: optionValue(interaction, MATE_COMMAND.options.kind),
    side: optionValue(interaction, MATE_COMMAND.options.side),
    flipped: optionValue(interaction, MATE_COMMAND.options.flipped),
  };
  const image = interaction.options.get(MATE_COMMAND.options.image)?.attachment ?? null;
  const context = {
    id: interaction.id,
    user: interaction.user.id,
    guild: interaction.guildId ?? 'dm',
    fen: typeof fields.fen === 'string' ? loggedFen(fields.fen) : undefined,
    n: typeof fields.n === 'number' || typeof fields.n === 'string' ? fields.n : undefined,
    mode: typeof fields.mode === 'string' ? fields.mode : undefined,
    // What was attached, never its URL (it carries Discord's signature).
    image: image ? `${loggedFen(image.name)} (${image.size} bytes)` : undefined,
  };

  let problem: MateProblem;
  let hidden: boolean;
  try {
    const given = await attachedPosition(image, fields);
    problem = checkMateFields(
      {
        fen: typeof fields.fen === 'string' ? fields.fen : null,
        n: typeof fields.n === 'boolean' ? String(fields.n) : fields.n,
        mode: fields.mode === undefined ? null : String(fields.mode),
        solution: fields.solution === true,
        kind: typeof fields.kind === 'string' ? fields.kind : null,
      },
      services.maxN,
      given,
    );
    hidden = parseBooleanOption(fields.spoiler, MATE_COMMAND.options.spoiler);
    parseBooleanOption(fields.solution, MATE_COMMAND.options.solution);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const text = commandErrorText(MATE_COMMAND.name, error);
    logger.info('/mate refused: bad input', { ...context, why: text });
    // The message quotes the input (a rank, the extra text): shown as typed, never as markdown.
    await interaction.reply(privateReply(literalText(text)));
    return;
  }

  if (!services.accepting()) {
    await interaction.reply(privateReply(SHUTTING_DOWN_TEXT));
    return;
  }

  const key = mateAnswerKey(problem);
  const cached = await cacheLookup(cache, key, services, context);
  if (cached) {
    const { outcome, png } = cached.value;
    // The cache keeps the picture with the key marked; a hidden solution gets one without.
    const picture = hidden || png === null ? boardPicture(problem, outcome, hidden, services, context) : png;
    await interaction.reply(answerMessage(answerView(problem, outcome, picture, cached.ageMs, hidden)));
    logger.info('/mate answered from the cache', { ...context, outcome: describeOutcome(outcome) });
    return;
  }

  const capMs = services.timeoutSeconds * 1000 + STOP_ALLOWANCE_MS;
  // The search must start early enough to run and post its answer while the reply can be edited.
  const maxWaitMs = services.interactionLifetimeMs - capMs - FINAL_EDIT_MARGIN_MS;
  const admission = await line.join(interaction.user.id, capMs, maxWaitMs);
  if (!admission.ok) {
    const text = busyText(admission.reason, admission.retryInMs, line.limits.perUser);
    logger.info('/mate refused: busy', { ...context, limit: admission.reason, running: line.running, waiting: line.waiting });
    await interaction.reply(privateReply(text));
    return;
  }
  const { ticket } = admission;

  let finished!: () => void;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const controller = new AbortController();
  services.running.add({ requestId: interaction.id, userId: interaction.user.id, controller, done });
  try {
    // Acknowledge first, within Discord's 3 seconds; the wait and the search may take minutes.
    await deferReply(interaction, logger, context);
    // A picture is not fetched again by a process taking over: it gets the FEN read from it.
    const noted = problem.pasted?.from === 'picture' ? { ...fields, fen: problem.job.fen } : fields;
    await notePending(interaction, noted, hidden, services, context, replyEditableUntil);
    const editor = replyEditor(interaction, controller, services, context);
    const stipulation = formatStipulation(problem.position.turn, problem.job.maxMoves, problem.job.mode, problem.job.stipulation);
    const turn = await waitForTurn(ticket, controller.signal, maxWaitMs, (place) =>
      editor.update(() => waitingMessage({ stipulation, place, requestId: interaction.id })),
    );
    if (turn === 'started') {
      await searchAndAnswer(interaction, problem, stipulation, hidden, controller, ticket, editor, services, context, replyEditableUntil);
    } else {
      ticket.release();
      logger.info('/mate left the line before its turn', { ...context, why: turn });
      const text = turn === 'waited too long' ? busyText('lifetime', line.estimatedWaitMs(), line.limits.perUser)
        : controller.signal.reason === SHUTDOWN ? SHUTTING_DOWN_TEXT : CANCELLED_WAITING_TEXT;
      await finishReply(editor, interaction, failureMessage(text), logger, context);
    }
  } finally {
    // Already released when the search got as far as an answer; this is for the other ways out.
    ticket.release();
    finished();
    await services.pending?.remove(interaction.id).catch((error: unknown) =>
      logger.warn('/mate reply could not be struck off the replies in flight', { ...context, error: describeDiscordError(error) }),
    );
  }
}

/**
 * Waits for the request's turn, showing its place whenever it changes. Ends when the search may
 * start, when the request is cancelled (or the bot shuts down), or when it has waited as long as
 * its interaction allows.
 */
async function waitForTurn(
  ticket: Ticket,
  signal: AbortSignal,
  maxWaitMs: number,
  showPlace: (place: number) => void,
): Promise<'started' | 'cancelled' | 'waited too long'> {
  if (ticket.place === 0) return 'started';
  showPlace(ticket.place);
  ticket.onPlace((place) => {
    if (place > 0) showPlace(place);
  });
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const outcome = await Promise.race([
    ticket.started.then(() => 'started' as const),
    new Promise<'cancelled'>((resolve) => {
      onAbort = () => resolve('cancelled');
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    }),
    new Promise<'waited too long'>((resolve) => {
      timer = setTimeout(() => resolve('waited too long'), maxWaitMs);
    }),
  ]);
  clearTimeout(timer);
  if (onAbort) signal.removeEventListener('abort', onAbort);
  return outcome;
}

/**
 * Defers the reply. Discord's 40060 ("already acknowledged") means that an earlier attempt of this
 * very request got through and only its answer was lost (discord.js sends a request again when
 * the first one timed out): the reply is deferred all the same, so the search goes ahead. Any
 * other failure (10062: the 3 seconds are over) is the caller's.
 */
async function deferReply(
  interaction: ChatInputCommandInteraction,
  logger: Logger,
  context: Record<string, string | number | undefined>,
): Promise<void> {
  try {
    await interaction.deferReply();
  } catch (error) {
    if (!isAlreadyAcknowledged(error)) throw error;
    logger.info('/mate was acknowledged by an earlier attempt whose answer was lost; carrying on', context);
    // What discord.js would have noted had that answer arrived, so that editReply is allowed.
    interaction.deferred = true;
    interaction.ephemeral = false;
  }
}

type ReplyEditor = ThrottledEditor<Parameters<ChatInputCommandInteraction['editReply']>[0]>;

/** The reply's edits, throttled; a reply that is gone for good stops its search. */
function replyEditor(
  interaction: ChatInputCommandInteraction,
  controller: AbortController,
  services: MateServices,
  context: Record<string, string | number | undefined>,
): ReplyEditor {
  const { logger } = services;
  return new ThrottledEditor({
    send: (payload: Parameters<typeof interaction.editReply>[0]) => interaction.editReply(payload),
    minIntervalMs: services.progressIntervalMs,
    onError: (error, final) => {
      if (isReplyGone(error)) {
        // Nobody can see the answer any more: free the worker for someone else.
        logger.warn('/mate reply is gone (interaction token expired or message deleted); stopping its search', {
          ...context, error: describeDiscordError(error),
        });
        controller.abort();
        return 'stop';
      }
      logger.warn(`/mate ${final ? 'answer' : 'progress'} edit failed`, { ...context, error: describeDiscordError(error) });
      return 'continue';
    },
  });
}

/** The search and its edits, once the request's turn has come. */
async function searchAndAnswer(
  interaction: ChatInputCommandInteraction,
  problem: MateProblem,
  stipulation: string,
  hidden: boolean,
  controller: AbortController,
  ticket: Ticket,
  editor: ReplyEditor,
  services: MateServices,
  context: Record<string, string | number | undefined>,
  replyEditableUntil: number,
): Promise<void> {
  const { logger } = services;
  const { job } = problem;
  const started = performance.now();

  const lines: string[] = [];
  let searching = 1;
  let nodes = 0;
  const showProgress = () =>
    editor.update(() =>
      progressMessage({ stipulation, lines, searching, nodes, elapsedMs: performance.now() - started, requestId: interaction.id }),
    );
  showProgress();
  const refresh = setInterval(showProgress, services.refreshMs);

  let outcome: MateOutcome;
  try {
    outcome = await searchMate(services.engine, job, {
      signal: controller.signal,
      timeoutSeconds: services.timeoutSeconds,
      // However long it waited for a solver, it must end while its reply can still be edited.
      latestEnd: replyEditableUntil - FINAL_EDIT_MARGIN_MS,
      jobId: interaction.id,
      onProgress: (line, progress) => {
        lines.push(line);
        nodes = progress.nodes;
        searching = Math.min(progress.depth + 1, job.maxMoves);
        showProgress();
      },
    });
  } catch (error) {
    logger.error('/mate search failed', { ...context, error: describeDiscordError(error) });
    ticket.release();
    await finishReply(editor, interaction, failureMessage(searchFailureText(error, services)), logger, context);
    return;
  } finally {
    clearInterval(refresh);
  }

  const png = boardPicture(problem, outcome, hidden, services, context);
  // Everything the answer implies is in place before anyone can see it: Discord shows the final
  // edit to members before it answers the bot, so a member may ask again (the same question, or
  // another one) while that edit is still on its way back. Its answer must then come from the
  // cache, and its place must be free: the search is over, only the edit is left to do.
  // The cache keeps the picture with the key marked (a hidden answer's is drawn again when asked).
  if (services.cache && isCacheable(outcome)) {
    await services.cache.set(mateAnswerKey(problem), { outcome, png: hidden ? null : png }).catch((error: unknown) =>
      logger.warn('/mate answer could not be cached', { ...context, error: describeDiscordError(error) }),
    );
  }
  // A search that ran its course (to its answer or its time limit) tells the line how long searches take.
  ticket.release({ answered: outcome.stoppedBy === null || outcome.stoppedBy === 'timeout' });
  const delivered = await finishReply(editor, interaction, answerMessage(answerView(problem, outcome, png, null, hidden)), logger, context);
  logger.info('/mate answered', {
    ...context, outcome: describeOutcome(outcome), nodes: outcome.report.nodes, ms: Math.round(outcome.ms), delivered,
  });
}

/**
 * The reply's last edit. When Discord refuses it but the reply is still there (a 400 for the
 * embed or the picture, a 5xx after discord.js's retries, a time-out, a broken connection), the
 * reply would keep saying "searching…" over a live Cancel button for good; so the same words go
 * out once more without embed, picture or button. Resolves to whether either edit arrived.
 */
async function finishReply(
  editor: ReplyEditor,
  interaction: ChatInputCommandInteraction,
  message: { readonly content: string } & Parameters<ChatInputCommandInteraction['editReply']>[0],
  logger: Logger,
  context: Record<string, string | number | undefined>,
): Promise<boolean> {
  if (await editor.finish(message)) return true;
  // Gone for good (expired token, deleted message): nobody would see another attempt.
  if (editor.stopped) return false;
  try {
    await interaction.editReply(plainMessage(message.content));
    logger.info('/mate answer sent again without embed or picture', context);
    return true;
  } catch (error) {
    logger.error('/mate answer could not be delivered; the reply still shows the search', { ...context, error: describeDiscordError(error) });
    return false;
  }
}

/** What the channel is told when a search fails: never the internals, which go to the log. */
function searchFailureText(error: unknown, services: MateServices): string {
  if (error instanceof PoolBusyError) return busyText('full', services.timeoutSeconds * 1000, services.line.limits.perUser);
  if (error instanceof PoolClosedError) return SHUTTING_DOWN_TEXT;
  if (error instanceof NoSolverError) return NO_SOLVER_TEXT;
  return SEARCH_FAILED_TEXT;
}

/**
 * The board from the side to move, with the key marked unless the solution is `hidden`; null
 * when it cannot be drawn (the answer matters more than its picture).
 */
export function boardPicture(
  problem: MateProblem,
  outcome: MateOutcome,
  hidden: boolean,
  services: MateServices,
  context: Record<string, string | number | undefined>,
): Buffer | null {
  try {
    return services.renderBoard(problem.position, hidden ? null : outcome.report.keys[0] ?? null);
  } catch (error) {
    services.logger.error('/mate board picture failed', { ...context, error: describeDiscordError(error) });
    return null;
  }
}

/**
 * The position in the `image` option's file (a picture of a board, or a PGN), read with the `side`
 * and `flipped` options; undefined when nothing is attached (then `fen` gives the position).
 */
async function attachedPosition(
  image: { readonly url: string; readonly name: string; readonly size: number; readonly contentType: string | null } | null,
  fields: { readonly fen: unknown; readonly side: string | number | boolean | undefined; readonly flipped: string | number | boolean | undefined },
): Promise<PastedPosition | undefined> {
  const { fen: fenOption, image: imageOption, side: sideOption, flipped: flippedOption } = MATE_COMMAND.options;
  const typed = typeof fields.fen === 'string' && fields.fen.trim() !== '';
  if (image === null) {
    if (!typed) throw new UsageError(`give the position: a FEN, a link or a PGN in ${fenOption}, or a picture of the board in ${imageOption}`);
    if (fields.side !== undefined || fields.flipped !== undefined) throw new UsageError(`${sideOption} and ${flippedOption} are for a picture in ${imageOption}; a FEN says its side to move`);
    return undefined;
  }
  if (typed) throw new UsageError(`give the position once: in ${fenOption} or in ${imageOption}, not both`);
  const side = fields.side === undefined ? 'w' : parseSideToMove(String(fields.side), sideOption);
  const flipped = parseBooleanOption(fields.flipped, flippedOption);
  return positionFromAttachment(image, { side, ...(flipped ? { flipped } : {}) });
}

/** A boolean option (`spoiler`, `solution`): absent means no. */
function parseBooleanOption(value: string | number | boolean | undefined, name: string): boolean {
  if (value === undefined || typeof value === 'boolean') return value === true;
  throw new UsageError(`${name} must be true or false, got ${quote(String(value))}`);
}

export function answerView(problem: MateProblem, outcome: MateOutcome, png: Buffer | null, cachedAgeMs: number | null, hidden: boolean) {
  const { job, position } = problem;
  const pastedLine = pastedPositionLine(problem);
  const answer = formatMateAnswer(outcome, position, { ...(hidden ? { hide: spoiler } : {}), ...(job.solution ? { solution: true } : {}) });
  return {
    // The FEN read from a link or a PGN first, for the member to check and copy.
    text: pastedLine !== null ? `${pastedLine}\n${answer}` : answer,
    spoiler: hidden,
    stipulation: formatStipulation(position.turn, job.maxMoves, job.mode, job.stipulation),
    fen: job.fen,
    outcome,
    png,
    cachedAgeMs,
  };
}

/** "mate in 3", "no mate", "stopped (timeout) at n = 5": for the log. */
function describeOutcome(outcome: MateOutcome): string {
  const { report } = outcome;
  if (report.mateIn !== null) return `mate in ${report.mateIn}${report.keysComplete ? '' : ' (keys incomplete)'}`;
  if (report.status === 'no-mate') return 'no mate';
  return `stopped (${outcome.stoppedBy ?? 'limit'}) at n = ${report.provenDepth + 1}`;
}

/** An option's raw value: Discord sends typed values, but nothing stops a client sending others. */
function optionValue(interaction: ChatInputCommandInteraction, name: string): string | number | boolean | undefined {
  return interaction.options.get(name)?.value;
}

/** The cached answer for `key`, if any; a cache that fails (Redis away) is passed over, not fatal. */
async function cacheLookup(
  cache: AnswerCache | null,
  key: string,
  services: MateServices,
  context: Record<string, string | number | undefined>,
): Promise<Awaited<ReturnType<AnswerCache['get']>>> {
  if (!cache) return undefined;
  try {
    return await cache.get(key);
  } catch (error) {
    services.logger.warn('/mate cache could not be read; searching', { ...context, error: describeDiscordError(error) });
    return undefined;
  }
}

/**
 * Notes the deferred reply where another bot process can find it (pendingReplies.ts), so that a
 * crash of this one leaves no reply at "searching…". Not fatal when it fails: the search goes on.
 */
async function notePending(
  interaction: ChatInputCommandInteraction,
  fields: { readonly fen: unknown; readonly n: unknown; readonly mode: unknown; readonly solution: unknown; readonly kind: unknown },
  hidden: boolean,
  services: MateServices,
  context: Record<string, string | number | undefined>,
  replyEditableUntil: number,
): Promise<void> {
  if (!services.pending) return;
  try {
    await services.pending.add({
      requestId: interaction.id,
      applicationId: interaction.applicationId,
      token: interaction.token,
      userId: interaction.user.id,
      fen: typeof fields.fen === 'string' ? fields.fen : '',
      n: typeof fields.n === 'number' || typeof fields.n === 'string' ? fields.n : null,
      mode: typeof fields.mode === 'string' ? fields.mode : null,
      solution: fields.solution === true,
      ...(typeof fields.kind === 'string' ? { kind: fields.kind } : {}),
      hidden,
      expiresAt: replyEditableUntil - FINAL_EDIT_MARGIN_MS,
    });
  } catch (error) {
    services.logger.warn('/mate reply could not be noted as in flight', { ...context, error: describeDiscordError(error) });
  }
}

/** The fen field as the log shows it: a FEN whole, a long link or PGN cut (the field takes up to 6,000 characters). */
const LOGGED_FEN_CHARS = 120;

function loggedFen(text: string): string {
  return text.length <= LOGGED_FEN_CHARS ? text : `${text.slice(0, LOGGED_FEN_CHARS)}… (${formatCount(text.length)} characters)`;
}
