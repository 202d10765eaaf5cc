// The HTTP agent discord.js's REST client sends with: one from discord.js's own copy of undici.
//
// Why: @discordjs/rest depends on undici 6, the project on undici 7 (the Lichess client, the
// attachment fetch). Both copies share one process-wide default agent (a global symbol), and the
// first undici 7 module loaded installs its Agent there. discord.js then hands its multipart bodies
// (a board picture with an answer) to an agent of the other version, which cannot read them
// ("action is not a function"): every answer with a picture failed whenever the Lichess bot ran in
// the same process. An agent of discord.js's own version, given explicitly, never meets the other.

import { createRequire } from 'node:module';

/** A new Agent of the undici that @discordjs/rest itself resolves (npm nests it when versions differ). */
export function discordRestAgent(): unknown {
  const fromHere = createRequire(import.meta.url);
  const fromDiscordRest = createRequire(fromHere.resolve('@discordjs/rest'));
  const { Agent } = fromDiscordRest('undici') as { Agent: new () => unknown };
  return new Agent();
}
