// The one entry point for interactions: routes /mate and the Cancel button, and makes sure that
// nothing one request does can hurt another. Every failure is caught here and logged (without
// tokens); the person gets one friendly sentence, never a stack trace.

import type { Interaction } from 'discord.js';
import { handleCancelButton } from './cancel.ts';
import { MATE_COMMAND } from './commands.ts';
import { describeError } from './errors.ts';
import { type MateServices, handleMateCommand } from './mateRequest.ts';
import { failureMessage, privateReply, requestIdOfCancel } from './replies.ts';

export const UNEXPECTED_FAILURE_TEXT = 'Sorry, something went wrong on our side while answering this. Please try again.';
export const UNKNOWN_COMMAND_TEXT = 'This bot does not know that command (its command list may be out of date).';

/** Resolves when the interaction has been dealt with; never rejects. */
export async function handleInteraction(interaction: Interaction, services: MateServices): Promise<void> {
  const { logger } = services;
  try {
    if (interaction.isChatInputCommand()) {
      if (interaction.commandName === MATE_COMMAND.name) return await handleMateCommand(interaction, services);
      logger.warn('unknown command', { id: interaction.id, command: interaction.commandName });
      return void (await interaction.reply(privateReply(UNKNOWN_COMMAND_TEXT)));
    }
    if (interaction.isButton()) {
      const requestId = requestIdOfCancel(interaction.customId);
      if (requestId !== null) return await handleCancelButton(interaction, requestId, services.running, logger);
      logger.debug('ignored a button', { id: interaction.id, customId: interaction.customId });
    }
  } catch (error) {
    logger.error('interaction failed', { id: interaction.id, user: interaction.user.id, error: describeError(error) });
    await apologise(interaction, services).catch((apologyError: unknown) =>
      logger.warn('could not tell the user about the failure', { id: interaction.id, error: describeError(apologyError) }),
    );
  }
}

/** A friendly word where the person will see it: the deferred reply, or a private reply. */
async function apologise(interaction: Interaction, services: MateServices): Promise<void> {
  if (!interaction.isRepliable()) return;
  if (interaction.deferred || interaction.replied) {
    // A button's deferUpdate does not own the message; only a command's reply is ours to edit.
    if (interaction.isChatInputCommand()) await interaction.editReply(failureMessage(UNEXPECTED_FAILURE_TEXT));
    return;
  }
  services.logger.debug('answering the failure privately', { id: interaction.id });
  await interaction.reply(privateReply(UNEXPECTED_FAILURE_TEXT));
}
