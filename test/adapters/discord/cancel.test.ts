// The Cancel button for a search another bot process serves (bots sharing a queue): the click
// stops it there when its member clicks, and is refused privately for anyone else.

import type { ButtonInteraction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { type RemoteSearches, handleCancelButton, refusalText } from '../../../src/adapters/discord/cancel.ts';
import { RunningSearches } from '../../../src/adapters/discord/running.ts';
import { silentLogger } from '../../../src/log.ts';

function click(userId: string) {
  const calls: string[] = [];
  const interaction = {
    id: 'click',
    user: { id: userId },
    customId: 'cancel:req',
    message: { components: [] },
    reply: async (payload: { content: string }) => void calls.push(`reply ${payload.content}`),
    deferUpdate: async () => void calls.push('deferUpdate'),
    update: async () => void calls.push('update'),
    followUp: async () => void calls.push('followUp'),
  } as unknown as ButtonInteraction;
  return { interaction, calls };
}

function remote(owner: string | null): RemoteSearches & { cancelled: string[] } {
  const cancelled: string[] = [];
  return { cancelled, ownerOf: async () => owner, cancel: async (requestId) => void cancelled.push(requestId) };
}

describe('Cancel of a search another bot process serves', () => {
  it('stops it when its member clicks, acknowledging the click only', async () => {
    const elsewhere = remote('member');
    const { interaction, calls } = click('member');
    await handleCancelButton(interaction, 'req', new RunningSearches(), silentLogger, elsewhere);
    expect(elsewhere.cancelled).toEqual(['req']);
    expect(calls).toEqual(['deferUpdate']);
  });

  it('refuses anyone else privately, and stops nothing', async () => {
    const elsewhere = remote('member');
    const { interaction, calls } = click('someone');
    await handleCancelButton(interaction, 'req', new RunningSearches(), silentLogger, elsewhere);
    expect(elsewhere.cancelled).toEqual([]);
    expect(calls).toEqual([`reply ${refusalText('member')}`]);
  });

  it('says the search is no longer running when no process has it', async () => {
    const nowhere = remote(null);
    const { interaction, calls } = click('member');
    await handleCancelButton(interaction, 'req', new RunningSearches(), silentLogger, nowhere);
    expect(nowhere.cancelled).toEqual([]);
    expect(calls).toEqual([expect.stringMatching(/^reply This search is no longer running/)]);
  });
});
