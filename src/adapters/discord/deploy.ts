// `npm run deploy-commands`: registers the slash commands with Discord by a bulk overwrite,
// in one server (DISCORD_GUILD_ID, instant, for testing) or globally. Run it when the command
// definitions change, not at every start: Discord allows 200 command creations a day per server.
//
// Every failure becomes one plain sentence on stderr (no stack trace), and neither the token nor
// the user name and password of DISCORD_API_URL ever appears in any output.

import type { Writable } from 'node:stream';
import {
  DiscordAPIError,
  HTTPError,
  REST,
  RateLimitError,
  type RESTPutAPIApplicationCommandsResult,
  type RateLimitData,
  Routes,
} from 'discord.js';
import { ConfigError, warningLines } from '../../config/errors.ts';
import { type LoadConfigOptions, loadConfigWithWarnings } from '../../config/load.ts';
import { type Secret, maskUrlCredentials, redact } from '../../config/secret.ts';
import type { Config } from '../../config/types.ts';
import { commandDefinitions } from './commands.ts';

export const EXIT_DEPLOYED = 0;
/** Discord refused the request, or could not be reached. */
export const EXIT_DEPLOY_FAILED = 1;
/** The configuration is invalid or incomplete; nothing was sent. */
export const EXIT_DEPLOY_BAD_CONFIG = 2;

/** Discord's API base when DISCORD_API_URL is unset (@discordjs/rest appends /v10/...). */
export const DEFAULT_DISCORD_API_URL = 'https://discord.com/api';

// A rate limit longer than this is not waited out: it is most likely the daily limit on
// command creations, and a script that sleeps for hours looks hung.
const DEFAULT_MAX_RATE_LIMIT_WAIT_MS = 60_000;

/** Where the commands go and with which credentials. */
export interface DeployTarget {
  readonly token: Secret;
  readonly applicationId: string;
  /** One server to register in; null for global commands. */
  readonly guildId: string | null;
  /** The REST base (e.g. http://127.0.0.1:8080/api); null for Discord's own. */
  readonly apiUrl: string | null;
}

export interface DeployOptions {
  /** Time limit of one HTTP request (retried up to 3 times on a time-out); 15 s by default. */
  readonly requestTimeoutMs?: number;
  /** Rate limits that would make us wait longer than this fail instead; 60 s by default. */
  readonly maxRateLimitWaitMs?: number;
  /** Told before each wait for a rate limit. */
  readonly onRateLimited?: (waitMs: number, route: string) => void;
}

export interface DeployResult {
  readonly scope: 'guild' | 'global';
  /** The route that was written, e.g. "/applications/1…/guilds/2…/commands". */
  readonly route: string;
  /** The commands Discord now has in that scope, as it answered. */
  readonly commands: ReadonlyArray<{ readonly id: string; readonly name: string }>;
}

/** A deployment that did not succeed; the message is a complete sentence for the user. */
export class DeployError extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode = EXIT_DEPLOY_FAILED) {
    super(message);
    this.name = 'DeployError';
    this.exitCode = exitCode;
  }
}

/** The deploy target from the configuration, or a DeployError (exit 2) naming what is missing. */
export function deployTargetFromConfig(config: Config): DeployTarget {
  const { token, applicationId, guildId, apiUrl } = config.discord;
  if (!token || !applicationId) {
    const missing = [token ? null : 'DISCORD_TOKEN', applicationId ? null : 'DISCORD_APPLICATION_ID'].filter(Boolean);
    throw new DeployError(
      `set DISCORD_TOKEN and DISCORD_APPLICATION_ID in .env (or the environment) to deploy the slash commands; ` +
        `missing: ${missing.join(', ')}`,
      EXIT_DEPLOY_BAD_CONFIG,
    );
  }
  return { token, applicationId, guildId, apiUrl };
}

/**
 * Replaces every command of the target's scope with `body` (Discord's bulk overwrite: commands
 * not in `body` are deleted). Resolves to what Discord answered; throws a DeployError.
 */
export async function deployCommands(
  target: DeployTarget,
  body: readonly unknown[],
  options: DeployOptions = {},
): Promise<DeployResult> {
  const scope = target.guildId ? 'guild' : 'global';
  const route = target.guildId
    ? Routes.applicationGuildCommands(target.applicationId, target.guildId)
    : Routes.applicationCommands(target.applicationId);
  const maxWait = options.maxRateLimitWaitMs ?? DEFAULT_MAX_RATE_LIMIT_WAIT_MS;
  let lastWaitEnd = 0;
  const rest = new REST({
    api: target.apiUrl ?? DEFAULT_DISCORD_API_URL,
    timeout: options.requestTimeoutMs ?? 15_000,
    rejectOnRateLimit: (limit: RateLimitData) => {
      const wait = Math.max(limit.retryAfter, limit.timeToReset);
      if (wait > maxWait) return true;
      // @discordjs/rest reports one wait twice (on the 429, then before the retry): tell once.
      const waitEnd = Date.now() + wait;
      if (Math.abs(waitEnd - lastWaitEnd) > 1000) options.onRateLimited?.(wait, route);
      lastWaitEnd = waitEnd;
      return false;
    },
  }).setToken(target.token.reveal());

  let answer: unknown;
  try {
    answer = await rest.put(route, { body });
  } catch (error) {
    throw new DeployError(maskUrlCredentials(redact(describeFailure(error, target, route), [target.token])));
  } finally {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
  }
  if (!isCommandList(answer)) {
    throw new DeployError(`Discord answered PUT ${route} with something other than a list of commands`);
  }
  return { scope, route, commands: answer.map(({ id, name }) => ({ id, name })) };
}

function isCommandList(value: unknown): value is RESTPutAPIApplicationCommandsResult {
  return (
    Array.isArray(value) &&
    value.every((item: unknown) => item !== null && typeof item === 'object' && 'id' in item && typeof item.id === 'string' && 'name' in item && typeof item.name === 'string')
  );
}

/** One sentence for each way a PUT can fail. */
function describeFailure(error: unknown, target: DeployTarget, route: string): string {
  const request = `PUT ${route}`;
  if (error instanceof DiscordAPIError) {
    const what = `${error.status} ${statusText(error.status)}${discordDetail(error)}`;
    switch (error.status) {
      case 401:
        return `the token was refused: Discord answered ${what} for ${request}; check DISCORD_TOKEN (the bot token from the developer portal's Bot page, not the client secret)`;
      case 403:
        return target.guildId
          ? `Discord answered ${what} for ${request}: the bot may not be in server ${target.guildId}, or was invited without the applications.commands scope; check DISCORD_GUILD_ID and invite the bot with both the bot and applications.commands scopes`
          : `Discord answered ${what} for ${request}: check that DISCORD_APPLICATION_ID is the id of the token's own application`;
      case 404:
        return (
          `Discord answered ${what} for ${request}: check DISCORD_APPLICATION_ID` +
          (target.guildId ? ' and DISCORD_GUILD_ID' : '') +
          (target.apiUrl ? ` (and DISCORD_API_URL, ${target.apiUrl}, which should end in /api without a version)` : '')
        );
      default:
        return `Discord refused ${request}: ${what}`;
    }
  }
  if (error instanceof RateLimitError) {
    const seconds = Math.ceil(Math.max(error.retryAfter, error.timeToReset) / 1000);
    return (
      `Discord's rate limit on ${request} asks for a wait of ${formatDuration(seconds)}; not waiting. ` +
      `Discord allows 200 command creations a day per server: try again later`
    );
  }
  if (error instanceof HTTPError) {
    return `Discord answered ${error.status} ${statusText(error.status)} for ${request}, also after retries; try again later`;
  }
  const api = target.apiUrl ?? DEFAULT_DISCORD_API_URL;
  if (error instanceof Error && error.name === 'AbortError') {
    return `no answer from Discord at ${api} for ${request} in time, also after retries`;
  }
  return `could not reach Discord at ${api}: ${networkReason(error)}`;
}

/** Discord's own words and code, e.g. ": Unknown Guild (code 10004)". */
function discordDetail(error: DiscordAPIError): string {
  // "401: Unauthorized" with code 0 only repeats the status: leave such a message and code out.
  const repeatsStatus = error.message === `${error.status}: ${statusText(error.status)}`;
  const message =
    error.message && error.message !== 'No Description' && !repeatsStatus ? error.message.split('\n').join('; ') : '';
  const code = typeof error.code === 'number' && error.code !== 0 ? ` (code ${error.code})` : '';
  return message || code ? `: ${message || 'no message'}${code}` : '';
}

function networkReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // undici's "fetch failed" style errors carry the system error as their cause.
  const cause = error.cause instanceof Error ? error.cause : null;
  const code = (error as NodeJS.ErrnoException).code ?? (cause as NodeJS.ErrnoException | null)?.code;
  const message = cause?.message ?? error.message;
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

function statusText(status: number): string {
  const texts: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout',
  };
  return texts[status] ?? '';
}

function formatDuration(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 2 * 3600) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

export interface RunDeployOptions {
  /** Where the configuration comes from; the process environment and directory by default. */
  readonly config?: LoadConfigOptions;
  /** The success line. */
  readonly output: Writable;
  /** Rate-limit notices and errors. */
  readonly errorOutput: Writable;
  readonly deploy?: DeployOptions;
}

/** The whole of `npm run deploy-commands`; resolves to the exit status. */
export async function runDeployCommands(options: RunDeployOptions): Promise<number> {
  const { output, errorOutput } = options;
  let token: Secret | null = null;
  try {
    const { config, warnings } = loadConfigWithWarnings(options.config);
    if (warnings.length > 0) errorOutput.write(warningLines(warnings));
    token = config.discord.token;
    const target = deployTargetFromConfig(config);
    const body = commandDefinitions(config);
    const result = await deployCommands(target, body, {
      onRateLimited: (waitMs, route) =>
        errorOutput.write(`Discord rate limit on PUT ${route}: waiting ${(waitMs / 1000).toFixed(1)} s\n`),
      ...options.deploy,
    });
    output.write(`${describeSuccess(result, target)}\n`);
    return EXIT_DEPLOYED;
  } catch (error) {
    if (error instanceof ConfigError) {
      errorOutput.write(`${warningLines(error.warnings)}${error.message}\n`);
      return EXIT_DEPLOY_BAD_CONFIG;
    }
    if (error instanceof DeployError) {
      errorOutput.write(`error: ${error.message}\n`);
      return error.exitCode;
    }
    // A bug rather than a refusal: still one line, and still without the token or a password.
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    errorOutput.write(`error: unexpected failure: ${maskUrlCredentials(redact(message, [token]))}\n`);
    return EXIT_DEPLOY_FAILED;
  }
}

function describeSuccess(result: DeployResult, target: DeployTarget): string {
  const count = result.commands.length === 1 ? '1 command' : `${result.commands.length} commands`;
  const names = result.commands.map((command) => `/${command.name}`).join(', ');
  const where =
    result.scope === 'guild'
      ? `in server ${target.guildId} (guild commands: usable there at once)`
      : `globally for application ${target.applicationId} (in every server the bot is in)`;
  const via = target.apiUrl ? ` via ${maskUrlCredentials(target.apiUrl)}` : '';
  return `Registered ${count}${names ? ` (${names})` : ''} ${where}${via}.`;
}
