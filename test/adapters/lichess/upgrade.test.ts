// chessbot lichess-upgrade against the fake Lichess: names the account and upgrades only after an
// explicit yes (--yes, or the account name typed); refuses without a terminal, on a wrong answer,
// for an account that has played, and says so when it is a BOT already.

import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLichessUpgradeCommand } from '../../../src/adapters/cli/lichessUpgrade.ts';
import { upgradeToBot } from '../../../src/adapters/lichess/upgrade.ts';
import { loadConfig } from '../../../src/config/load.ts';
import { FakeLichess } from '../../support/fakeLichess/index.ts';
import { makeAppDirectory } from '../../support/appDirectory.ts';

let dir: string;
let fake: FakeLichess;

beforeEach(async () => {
  dir = makeAppDirectory('chessbot-upgrade-');
  fake = await FakeLichess.start();
  fake.addUser({ id: 'newbie', token: 'lip_newbie', scopes: ['bot:play'] });
  fake.addUser({ id: 'veteran', token: 'lip_veteran', scopes: ['bot:play'], gamesPlayed: 3 });
});

afterEach(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

async function run(token: string | null, args: string[], answer: string | null) {
  const asked: string[] = [];
  const command = createLichessUpgradeCommand({
    config: () => loadConfig({ env: { ...(token ? { LICHESS_TOKEN: token } : {}), LICHESS_URL: fake.url }, cwd: dir }),
    ask: answer === null ? null : async (question) => (asked.push(question), answer),
    upgrade: upgradeToBot,
  });
  let stdout = '';
  let stderr = '';
  const status = await command.run(args, { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } });
  return { status, stdout, stderr, asked };
}

const upgrades = () => fake.requestsTo('/api/bot/account/upgrade');

describe('chessbot lichess-upgrade', () => {
  it('upgrades with --yes, after naming the account and warning that it is irreversible', async () => {
    const { status, stdout } = await run('lip_newbie', ['--yes'], null);
    expect(status).toBe(0);
    expect(stdout).toContain('This turns the Lichess account newbie into a BOT account. It cannot be undone');
    expect(stdout).toContain('newbie is now a BOT account.');
    expect(fake.user('newbie').title).toBe('BOT');
  });

  it('upgrades when the account name is typed, and not on any other answer', async () => {
    const no = await run('lip_newbie', [], 'yes');
    expect(no.status).toBe(1);
    expect(no.asked).toEqual(['Type the account name (newbie) to confirm: ']);
    expect(no.stderr).toBe('Not upgraded: newbie is unchanged.\n');
    expect(upgrades()).toHaveLength(0);
    const yes = await run('lip_newbie', [], ' Newbie ');
    expect(yes.status).toBe(0);
    expect(upgrades()).toHaveLength(1);
  });

  it('changes nothing without a terminal to confirm at', async () => {
    const { status, stderr } = await run('lip_newbie', [], null);
    expect(status).toBe(1);
    expect(stderr).toContain('run "chessbot lichess-upgrade --yes" to confirm in advance');
    expect(upgrades()).toHaveLength(0);
  });

  it('reports Lichess\'s refusal for an account that has played, and a BOT that needs nothing', async () => {
    const veteran = await run('lip_veteran', ['--yes'], null);
    expect(veteran.status).toBe(1);
    expect(veteran.stderr).toMatch(/^chessbot: lichess-upgrade: not upgraded: Lichess refused: /);
    const bot = await run(fake.token, ['--yes'], null);
    expect(bot.status).toBe(0);
    expect(bot.stdout).toBe('TestBot is already a BOT account; nothing to do.\n');
  });

  it('needs LICHESS_TOKEN with bot:play', async () => {
    expect((await run(null, ['--yes'], null)).stderr).toContain('LICHESS_TOKEN is not set');
    expect((await run('lip_alice', ['--yes'], null)).stderr).toContain('lacks the bot:play scope');
    expect((await run('lip_nobody', ['--yes'], null)).stderr).toContain('is not a valid Lichess token');
  });
});
