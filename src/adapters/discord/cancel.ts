// The Cancel button under a running search. Only the member who asked may use it; anyone else
// gets a private refusal. The click itself is only acknowledged (deferUpdate): the search's own
// request then posts "Cancelled while searching n = …" in the same message, buttons removed.

import type { ButtonInteraction } from 'discord.js';
import type { Logger } from '../log.ts';
import { privateReply } from './replies.ts';
import type { RunningSearches } from './running.ts';

export const ALREADY_FINISHED_TEXT = 'This search has already finished.';

export function refusalText(ownerId: string): string {
  return `Only <@${ownerId}> can cancel this search.`;
}

export async function handleCancelButton(
  interaction: ButtonInteraction,
  requestId: string,
  running: RunningSearches,
  logger: Logger,
): Promise<void> {
  const search = running.get(requestId);
  const context = { id: interaction.id, request: requestId, user: interaction.user.id };
  if (!search) {
    await interaction.reply(privateReply(ALREADY_FINISHED_TEXT));
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
