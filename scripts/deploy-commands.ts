// `npm run deploy-commands`: registers the bot's slash commands with Discord (see the README's
// Discord section). Exit status: 0 registered, 1 Discord refused or was unreachable, 2 bad config.

import { runDeployCommands } from '../src/adapters/discord/deploy.ts';

process.exitCode = await runDeployCommands({ output: process.stdout, errorOutput: process.stderr });
