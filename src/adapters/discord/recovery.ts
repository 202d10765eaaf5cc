// Finishing the /mate replies a dead bot process left behind (pendingReplies.ts). Their searches
// were queued jobs named by the request id, so they may have run on without it: the job is
// followed from here, and the reply edited through the interaction's webhook (its token lasts
// 15 minutes, with or without the process that deferred it) with the answer (its time the search's
// own, as the solver's thread measured it: searchMate), or with a failure when the job is gone. A recovered
// search can be cancelled here like any other.

import { InteractionWebhook, type Client } from 'discord.js';
import { UsageError } from '../../errors.ts';
import { type MateOutcome, type MateProblem, checkMateFields, searchMate } from '../../mate/index.ts';
import { NoSolverError, type QueuedEngine } from '../../queue/index.ts';
import { isCacheable, mateAnswerKey } from './cache.ts';
import { describeDiscordError } from './errors.ts';
import { type MateServices, NO_SOLVER_TEXT, answerView, boardPicture } from './mateRequest.ts';
import type { PendingReplies, PendingReply } from './pendingReplies.ts';
import { answerMessage, failureMessage } from './replies.ts';

/** A reply whose search was lost with the process that ran it. */
export const RECOVERY_FAILED_TEXT = 'The bot restarted while solving this, and the search was lost; please ask again.';

export interface RecoveryDependencies {
  readonly client: Client;
  readonly engine: QueuedEngine;
  readonly pending: PendingReplies;
  readonly services: MateServices;
}

/** Claims the orphaned replies and finishes each; resolves once all are finished. */
export async function recoverOrphanedReplies(dependencies: RecoveryDependencies): Promise<number> {
  const orphans = await dependencies.pending.claimOrphans();
  await Promise.all(orphans.map((reply) => finishOrphan(reply, dependencies)));
  return orphans.length;
}

async function finishOrphan(reply: PendingReply, { client, engine, pending, services }: RecoveryDependencies): Promise<void> {
  const { logger } = services;
  const context = { id: reply.requestId, user: reply.userId, fen: reply.fen };
  if (Date.now() >= reply.expiresAt) {
    // Its token has lapsed (or is about to): nothing can be edited any more.
    logger.info('/mate reply of a stopped process expired before it could be finished', context);
    await pending.remove(reply.requestId);
    return;
  }
  const webhook = new InteractionWebhook(client as Client<true>, reply.applicationId, reply.token);
  const controller = new AbortController();
  let finished!: () => void;
  const done = new Promise<void>((resolve) => (finished = resolve));
  services.running.add({ requestId: reply.requestId, userId: reply.userId, controller, done });
  try {
    logger.info('/mate taking over a reply from a stopped process', context);
    let problem: MateProblem;
    try {
      problem = checkMateFields({ fen: reply.fen, n: reply.n, mode: reply.mode, solution: reply.solution === true, kind: reply.kind ?? null }, services.maxN);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      await webhook.editMessage('@original', failureMessage(RECOVERY_FAILED_TEXT));
      return;
    }
    let outcome: MateOutcome;
    try {
      // The job keeps its own deadline and time; here it is only followed.
      outcome = await searchMate({ run: (_job, options) => engine.attach(reply.requestId, options) }, problem.job, {
        signal: controller.signal,
        timeoutSeconds: services.timeoutSeconds,
      });
    } catch (error) {
      logger.warn('/mate search of a stopped process was lost', { ...context, error: describeDiscordError(error) });
      await webhook.editMessage('@original', failureMessage(error instanceof NoSolverError ? NO_SOLVER_TEXT : RECOVERY_FAILED_TEXT));
      return;
    }
    const png = boardPicture(problem, outcome, reply.hidden, services, context);
    if (services.cache && isCacheable(outcome)) {
      await services.cache.set(mateAnswerKey(problem), { outcome, png: reply.hidden ? null : png }).catch(() => {});
    }
    await webhook.editMessage('@original', answerMessage(answerView(problem, outcome, png, null, reply.hidden)));
    logger.info('/mate answered a reply taken over from a stopped process', context);
  } catch (error) {
    logger.warn('/mate reply taken over could not be finished', { ...context, error: describeDiscordError(error) });
  } finally {
    finished();
    await pending.remove(reply.requestId).catch(() => {});
  }
}
