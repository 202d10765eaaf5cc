// What the bot says in Discord, as message payloads: the private refusals (bad input, busy), the
// place in line and the progress, each with its Cancel button, and the answer with the board
// picture. The words of a problem, its progress lines and its answer come from the /mate use case
// (src/mate), so Discord and the console say the same things.

import {
  ActionRowBuilder,
  AttachmentBuilder,
  type BaseMessageOptions,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  type InteractionEditReplyOptions,
  MessageFlags,
  escapeMarkdown,
} from 'discord.js';
import { type MateOutcome, formatCount } from '../../mate/answer.ts';

/** Discord's limit on a message's text. */
export const MAX_CONTENT_LENGTH = 2000;
/** The file name of the board picture, referenced by the embed as attachment://board.png. */
export const BOARD_FILE_NAME = 'board.png';
/** Progress lines shown at most (the latest ones), so the message stays short for any n. */
const MAX_PROGRESS_LINES = 10;

const CANCEL_PREFIX = 'mate:cancel:';

/** Embed colours: solved, proven unsolvable, unfinished. */
const COLORS = { mate: 0x2e7d32, noMate: 0x546e7a, stopped: 0xef6c00 } as const;

/** The Cancel button's custom id for the search answering interaction `requestId`. */
export function cancelButtonId(requestId: string): string {
  return `${CANCEL_PREFIX}${requestId}`;
}

/** The request id in a Cancel button's custom id, or null for any other button. */
export function requestIdOfCancel(customId: string): string | null {
  return customId.startsWith(CANCEL_PREFIX) ? customId.slice(CANCEL_PREFIX.length) || null : null;
}

/** A private reply: only the person who asked sees it, and nobody is pinged by it. */
export interface PrivateReply {
  readonly content: string;
  readonly flags: MessageFlags.Ephemeral;
  readonly allowedMentions: { readonly parse: [] };
}

export function privateReply(text: string): PrivateReply {
  return { content: clip(text), flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } };
}

/**
 * Text shown exactly as written: a message that quotes what someone typed (a FEN error names the
 * rank or the extra text) must not turn their `**` into bold, `||` into a spoiler, `[a](b)` into a
 * link or `<@id>` into a mention. Every markdown sign gets its backslash; Discord shows the sign
 * and hides the backslash, so the words read as the console prints them. (Pings are off anyway:
 * allowedMentions.)
 */
export function literalText(text: string): string {
  const escaped = escapeMarkdown(text, { heading: true, bulletedList: true, numberedList: true, maskedLink: true });
  // Mentions, channels, custom emoji and time stamps all start with "<"; escapeMarkdown leaves them.
  return escaped.replaceAll('<', '\\<');
}

/** "about 45 s", "about 2 min": how long until a place frees up. */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `about ${seconds} s`;
  return `about ${Math.ceil(seconds / 60)} min`;
}

/**
 * Why a request was refused (or left the line), and when to try again: the member holds all
 * their places, the line is full, or the wait would outlast the reply (Discord lets a reply be
 * edited for 15 minutes).
 */
export function busyText(reason: 'user' | 'full' | 'lifetime', retryInMs: number, perUser: number): string {
  const when = `try again in ${formatWait(retryInMs)}`;
  if (reason === 'user') {
    const what = perUser === 1 ? 'You already have a /mate search running or waiting' : `You already have ${perUser} /mate searches running or waiting`;
    return `${what}: wait for its answer or cancel it, or ${when}.`;
  }
  if (reason === 'lifetime') return `Busy: the line is too long for this problem to be solved while this reply can still be answered; ${when}.`;
  return `Busy: the bot is solving as many problems as it can at once and the line is full; ${when}.`;
}

/** 1 → "1st", 2 → "2nd", 3 → "3rd", 11 → "11th", 22 → "22nd". */
export function ordinal(n: number): string {
  const teens = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teens ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** Shown while a request waits for its turn. */
export interface WaitingView {
  /** "White to play and mate in 6". */
  readonly stipulation: string;
  /** Its place in line: 1 starts next. */
  readonly place: number;
  /** The interaction being answered, for the Cancel button's id. */
  readonly requestId: string;
}

export function waitingMessage(view: WaitingView): BaseMessageOptions {
  const content = `${view.stipulation}: ${ordinal(view.place)} in line, the search starts when its turn comes…`;
  return { content: clip(content), components: [cancelRow(view.requestId)], allowedMentions: { parse: [] } };
}

/** Shown while the search runs, without a Cancel button when the request has none. */
export interface ProgressView {
  /** "White to play and mate in 6". */
  readonly stipulation: string;
  /** The progress lines so far, one per finished n (formatProgress). */
  readonly lines: readonly string[];
  /** The n being searched now. */
  readonly searching: number;
  /** Nodes searched up to the last finished n. */
  readonly nodes: number;
  readonly elapsedMs: number;
  /** The interaction being answered, for the Cancel button's id. */
  readonly requestId: string;
}

export function progressMessage(view: ProgressView): BaseMessageOptions {
  const shown = view.lines.slice(-MAX_PROGRESS_LINES);
  const log = shown.length > 0 ? `\n\`\`\`\n${shown.join('\n')}\n\`\`\`\n` : '\n';
  const seconds = Math.floor(view.elapsedMs / 1000);
  const content = `${view.stipulation}: searching…${log}Searching n = ${view.searching} · ${formatCount(view.nodes)} nodes · ${seconds} s`;
  return { content: clip(content), components: [cancelRow(view.requestId)], allowedMentions: { parse: [] } };
}

/** The Cancel button under a waiting or running search. */
function cancelRow(requestId: string): ActionRowBuilder<ButtonBuilder> {
  const cancel = new ButtonBuilder().setCustomId(cancelButtonId(requestId)).setLabel('Cancel').setStyle(ButtonStyle.Secondary);
  return new ActionRowBuilder<ButtonBuilder>().addComponents(cancel);
}

/** The file a long answer is attached as (SPOILER_-prefixed when hidden, which Discord blurs). */
export const ANSWER_FILE_NAME = 'answer.txt';

/** Discord's spoiler marks around a part of the answer that gives the solution away. */
export function spoiler(text: string): string {
  return `||${text}||`;
}

/** A finished answer, ready to post: the shared text, plus the board picture if there is one. */
export interface AnswerView {
  /** formatMateAnswer's text (with its solution in spoiler marks when `spoiler`). */
  readonly text: string;
  /** The solution is hidden: a long answer's attachment is marked as a spoiler too. */
  readonly spoiler: boolean;
  readonly stipulation: string;
  readonly fen: string;
  readonly outcome: MateOutcome;
  /** The board from the side to move with the key marked; null if it could not be drawn. */
  readonly png: Buffer | null;
  /** How old the answer is when it comes from the cache; null for a fresh one. */
  readonly cachedAgeMs: number | null;
}

/** The answer, with the Cancel button removed. */
export function answerMessage(view: AnswerView): BaseMessageOptions & { content: string } {
  const { outcome } = view;
  const color = outcome.report.mateIn !== null ? COLORS.mate : outcome.report.status === 'no-mate' ? COLORS.noMate : COLORS.stopped;
  const cached = view.cachedAgeMs === null ? '' : ` · answered from the cache (solved ${formatAge(view.cachedAgeMs)} ago)`;
  const embed = new EmbedBuilder().setTitle(view.stipulation).setColor(color).setFooter({ text: `FEN ${view.fen}${cached}` });
  if (view.png) embed.setImage(`attachment://${BOARD_FILE_NAME}`);
  const files = view.png ? [new AttachmentBuilder(view.png, { name: BOARD_FILE_NAME, description: view.stipulation })] : [];
  let content = view.text;
  if (content.length > MAX_CONTENT_LENGTH) {
    // Too long for one message: never cut silently. The message says where the rest is.
    const name = view.spoiler ? `SPOILER_${ANSWER_FILE_NAME}` : ANSWER_FILE_NAME;
    files.push(new AttachmentBuilder(Buffer.from(`${plainAnswer(view.text)}\n`, 'utf8'), { name, description: `${view.stipulation}: the whole answer` }));
    content = `${closeSpoiler(cutAtLine(content, MAX_CONTENT_LENGTH - LONG_ANSWER_NOTE.length - 2))}${LONG_ANSWER_NOTE}`;
  }
  return { content, embeds: [embed], files, components: [], allowedMentions: { parse: [] } };
}

/** Said under an answer cut to fit one message. */
const LONG_ANSWER_NOTE = `\n… (the whole answer is in the attached ${ANSWER_FILE_NAME})`;

/** As many whole lines of `text` as fit in `max` characters (at least the start of the first). */
function cutAtLine(text: string, max: number): string {
  const cut = text.lastIndexOf('\n', max);
  return cut > 0 ? text.slice(0, cut) : text.slice(0, max);
}

/** `text` with a spoiler mark left open by a cut closed again, so that nothing hidden shows. */
function closeSpoiler(text: string): string {
  return text.split('||').length % 2 === 0 ? `${text}||` : text;
}

/** The answer without spoiler marks, for a file (the file itself is marked instead). */
function plainAnswer(text: string): string {
  return text.replaceAll('||', '');
}

/** A search that failed (not the user's mistake): one fixed sentence, buttons removed. */
export function failureMessage(text: string): BaseMessageOptions & { content: string } {
  return { content: clip(text), embeds: [], components: [], allowedMentions: { parse: [] } };
}

/**
 * The words of a final edit and nothing else: no embed, no picture (any attachment the message
 * had is dropped), no button. Sent when the full edit failed, so that the reply does not keep
 * saying "searching…" over a live Cancel button.
 */
export function plainMessage(text: string): InteractionEditReplyOptions & { content: string } {
  return { content: clip(text), embeds: [], files: [], attachments: [], components: [], allowedMentions: { parse: [] } };
}

function formatAge(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.round(seconds / 60)} min`;
}

/** Text cut to Discord's limit (a main line for n = 50 could approach it). */
function clip(text: string): string {
  return text.length <= MAX_CONTENT_LENGTH ? text : `${text.slice(0, MAX_CONTENT_LENGTH - 1)}…`;
}
