// The one entry point for interactions: routes /mate and the Cancel button, and makes sure that
// nothing one request does can hurt another. Every failure is caught here and logged (without
// tokens); the person gets one friendly sentence, never a stack trace.
//
// Every interaction gets an answer within Discord's 3 seconds, or Discord tells the person "This
// interaction failed": a button, command, menu or form the bot does not (or no longer) knows gets
// a private sentence saying so, and an autocomplete request (which takes no message) no choices.

import { ApplicationCommandType, ComponentType, type Interaction } from 'discord.js';
import { handleCancelButton } from './cancel.ts';
import { MATE_COMMAND } from './commands.ts';
import { describeDiscordError, isAlreadyAcknowledged, isUnknownInteraction } from './errors.ts';
import { type MateServices, handleMateCommand } from './mateRequest.ts';
import { failureMessage, privateReply, requestIdOfCancel } from './replies.ts';

export const UNEXPECTED_FAILURE_TEXT = 'Sorry, something went wrong on our side while answering this. Please try again.';
export const UNKNOWN_COMMAND_TEXT = 'This bot does not know that command (its command list may be out of date).';
export const INACTIVE_BUTTON_TEXT = 'This button is no longer active.';

/** Resolves when the interaction has been dealt with; never rejects. */
export async function handleInteraction(interaction: Interaction, services: MateServices): Promise<void> {
  const { logger } = services;
  try {
    if (interaction.isAutocomplete()) {
      // No option of ours autocompletes; an old command list might still ask. Only choices answer it.
      logger.debug('autocomplete answered with no choices', { id: interaction.id, command: interaction.commandName });
      return void (await interaction.respond([]));
    }
    if (interaction.isChatInputCommand() && interaction.commandName === MATE_COMMAND.name) {
      return await handleMateCommand(interaction, services);
    }
    if (interaction.isButton()) {
      const requestId = requestIdOfCancel(interaction.customId);
      if (requestId !== null) return await handleCancelButton(interaction, requestId, services.running, logger, services.remote);
      logger.info('unknown button', { id: interaction.id, customId: interaction.customId });
      return void (await interaction.reply(privateReply(INACTIVE_BUTTON_TEXT)));
    }
    if (interaction.isRepliable()) {
      // Another command (a context menu, a slash command from an older list), a select menu, a form.
      logger.warn('unknown command', { id: interaction.id, ...describeInteraction(interaction) });
      return void (await interaction.reply(privateReply(UNKNOWN_COMMAND_TEXT)));
    }
  } catch (error) {
    const context = { id: interaction.id, user: interaction.user.id, error: describeDiscordError(error) };
    if (isUnknownInteraction(error) && !acknowledged(interaction)) {
      // Too late: Discord has told the person already, and nothing more can be sent on this token.
      logger.warn('interaction expired before it was answered (Discord allows 3 s)', context);
      return;
    }
    if (isAlreadyAcknowledged(error)) {
      // An earlier attempt of that same answer got through; its reply lost on the way back.
      logger.info('interaction was answered by an earlier attempt', context);
      return;
    }
    logger.error('interaction failed', context);
    await apologise(interaction, services).catch((apologyError: unknown) =>
      logger.warn('could not tell the user about the failure', { id: interaction.id, error: describeDiscordError(apologyError) }),
    );
  }
}

/** Whether Discord has had its first answer to the interaction. */
function acknowledged(interaction: Interaction): boolean {
  if (interaction.isAutocomplete()) return interaction.responded;
  return interaction.deferred || interaction.replied;
}

/** For the log: which command, or which component or form. */
function describeInteraction(interaction: Interaction): Record<string, string> {
  if (interaction.isCommand()) return { command: interaction.commandName, kind: ApplicationCommandType[interaction.commandType] };
  if (interaction.isMessageComponent()) return { customId: interaction.customId, kind: ComponentType[interaction.componentType] };
  if (interaction.isModalSubmit()) return { customId: interaction.customId, kind: 'modal' };
  return { kind: `type ${interaction.type}` };
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
