// The Cancel button under a search that runs or waits in line. Only the member who asked may use
// it; anyone else gets a private refusal. The click itself is only acknowledged (deferUpdate):
// the request then posts in the same message, buttons removed, "Cancelled while searching n = …"
// or, when it was still waiting, that it was cancelled while waiting in line.
//
// A click for a search another bot process serves (bots sharing a queue) stops it there. A click
// for a search nobody knows (it has finished, or the bot restarted while it ran and nobody took
// it over, so no answer will ever come) says so privately; and when the button is still on its
// message, it is taken off (update, type 7), so that nobody keeps clicking a dead button. Only the
// button: the message may already hold the answer (its edit and the click can cross), so its text
// is left alone.

import { type ButtonInteraction, ComponentType } from 'discord.js';
import type { Logger } from '../../log.ts';
import { privateReply } from './replies.ts';
import type { RunningSearches } from './running.ts';

export const NO_LONGER_RUNNING_TEXT = 'This search is no longer running.';

export function refusalText(ownerId: string): string {
  return `Only <@${ownerId}> can cancel this search.`;
}

/**
 * Searches that another bot process serves, when processes share a queue: the click may reach
 * this one (the reply was taken over from a process that died, by another than the one that runs
 * the guild's shard now). Null: only this process's searches exist.
 */
export interface RemoteSearches {
  /** Who asked for the search answering `requestId`, if a reply for it is still in flight anywhere. */
  ownerOf(requestId: string): Promise<string | null>;
  /** Stops it wherever it runs; its reply is finished by the process that follows it. */
  cancel(requestId: string): Promise<void>;
}

export async function handleCancelButton(
  interaction: ButtonInteraction,
  requestId: string,
  running: RunningSearches,
  logger: Logger,
  remote: RemoteSearches | null = null,
): Promise<void> {
  const search = running.get(requestId);
  const context = { id: interaction.id, request: requestId, user: interaction.user.id };
  const remoteOwner = search || !remote ? null : await remote.ownerOf(requestId);
  if (!search && remoteOwner !== null) {
    if (interaction.user.id !== remoteOwner) {
      logger.info('/mate cancel refused: not the requester', context);
      await interaction.reply(privateReply(refusalText(remoteOwner)));
      return;
    }
    await remote!.cancel(requestId);
    logger.info('/mate cancelled by the requester, in another bot process', context);
    await interaction.deferUpdate();
    return;
  }
  if (!search) {
    if (carriesButton(interaction)) {
      logger.info('/mate cancel of a search that is not running: removing its button', context);
      await interaction.update({ components: [] });
      await interaction.followUp(privateReply(NO_LONGER_RUNNING_TEXT));
    } else {
      await interaction.reply(privateReply(NO_LONGER_RUNNING_TEXT));
    }
    return;
  }
  if (interaction.user.id !== search.userId) {
    logger.info('/mate cancel refused: not the requester', context);
    await interaction.reply(privateReply(refusalText(search.userId)));
    return;
  }
  // Stop first: the acknowledgement is a network round trip the worker need not wait for.
  search.controller.abort();
  logger.info('/mate cancelled by the requester', context);
  await interaction.deferUpdate();
}

/** Whether the clicked button is still on its message (as the message was when it was clicked). */
function carriesButton(interaction: ButtonInteraction): boolean {
  return interaction.message.components.some(
    (row) => row.type === ComponentType.ActionRow && row.components.some((c) => 'customId' in c && c.customId === interaction.customId),
  );
}
