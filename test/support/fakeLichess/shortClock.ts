// Short clocks for the tests' games, which the bot plays in real time: its moves, not the
// fake, take most of a game test's run.

/**
 * The clock of a game whose length is not what the test is about: 10 s, no increment. The bot
 * plans about a thirtieth of its clock a move, so a move takes about a third of a second here
 * instead of a second on bullet's shortest real clock (30 s) or nearly three on 1+1; and its
 * first move, played before the clocks start, a second instead of two. The whole game file's
 * run is mostly those thoughts. A flag would show all the sooner. Lichess calls a 10-second game
 * ultraBullet and closes it to bots, so the fake shows it as bullet (the bot does not look at
 * the speed of a game it plays, only at a challenge's: challenges take SHORT_CHALLENGE).
 */
export const SHORT_GAME = { clock: { initial: 10_000, increment: 0 }, speed: 'bullet' } as const;

/** SHORT_GAME's clock as a challenge's time control (seconds), shown as bullet so the bot accepts it. */
export const SHORT_CHALLENGE = { timeControl: { limit: 10, increment: 0 }, speed: 'bullet' } as const;
