// A fake Lichess for tests: the Bot API on node:http over 127.0.0.1 (random port), following the
// documented API (../../shared/lichess/BOT-API.md and the OpenAPI spec): same paths, methods,
// `Authorization: Bearer` tokens, JSON shapes, lila's error strings, `application/x-ndjson` streams
// with empty keep-alive lines, server-side chess rules (chessops) and clocks.
//
//   const fake = await FakeLichess.start({ keepAliveMs: 50 });
//   // bot config: LICHESS_URL = fake.url, LICHESS_TOKEN = fake.token (user fake.botId, a BOT)
//   const ch = fake.challenge({ from: 'alice', timeControl: { limit: 60, increment: 1 },
//                               opponent: { moves: ['e7e5', 'b8c6'], whenDone: 'random', thinkMs: 10 } });
//   await ch.settled();                      // the bot accepted or declined (ch.declineReason)
//   const game = ch.game!;                   // same id as the challenge; game.opponent plays for alice
//   const result = await game.ended();       // e.g. { status: 'mate', winner: 'white' }
//   await fake.close();
//
// Options (FakeLichessOptions): keepAliveMs (or eventKeepAliveMs 6000 / gameKeepAliveMs 7000), seed,
// chunking, users, eventStreamLimit ({max 30, windowMs 10 min} | null), firstMoveMs (default per
// speed, 20 s for bullet), flagGraceMs (0), oneEventStreamPerUser (true), expiration (true),
// thinkMs (opponents' default, 0), finishOrder ('stateFirst' | 'finishFirst'), botId ('testbot').
//
// Users (DEFAULT_USERS): `testbot` (BOT, token `lip_testbot`, the bot under test), `alice` (human,
// token `lip_alice`), `otherbot` (BOT, token `lip_otherbot`). `addUser` adds more (any name, e.g.
// with é or emoji to exercise UTF-8 splitting).
//
// Endpoints (401 without a valid token, 403 "Missing scope", 400 for non-BOT users on /api/bot/*):
//   POST /api/token/test                        text body "tok1,tok2" -> {tok: {userId, scopes, expires} | null}
//   GET  /api/account                           UserExtended of the token's user
//   POST /api/bot/account/upgrade               ok; 400 once the account has played games
//   GET  /api/account/playing?nb=               {nowPlaying:[...], nbMyTurn}, status as {id,name} (lila's quirk)
//   GET  /api/stream/event                      replays gameStart (ongoing games) + challenge (incoming), then live
//                                               challenge/challengeCanceled/challengeDeclined/gameStart/gameFinish;
//                                               one per user; 429 after 30 opens in 10 min (configurable)
//   GET  /api/challenge, /api/challenge/{id}/show
//   POST /api/challenge/{id}/accept|decline|cancel   decline form `reason` (camelCase; unknown -> generic)
//   GET  /api/bot/game/stream/{id}              gameFull, then gameState/chatLine/opponentGone; final gameState, end
//   POST /api/bot/game/{id}/move/{uci}?offeringDraw=   400 "Not your turn, or game already over", "Invalid UCI: x", illegal
//   POST /api/bot/game/{id}/chat (form room,text), GET .../chat (JSON array)
//   POST /api/bot/game/{id}/abort|resign|claim-victory|claim-draw, /draw/{yes|no}, /takeback/{yes|no}
//   GET  /api/bot/online?nb=                    NDJSON of online BOT users, perfs bullet..classical at their rating
//   POST /api/challenge/{username}               form rated, clock.limit/clock.increment | days, color, variant ->
//                                               ChallengeJson (direction out); lila's clock rules, "Bots cannot play
//                                               UltraBullet…"; bot-vs-bot daily limit (botDailyLimit per
//                                               botDailyWindowMs): 429 {error, ratelimit:{key:"bot.vsBot.day",seconds}}
//                                               for the challenger, 400 with the same body when the opponent is at it.
//                                               The destination's script answers (UserSpec.challengeAnswer: accept,
//                                               ignore or a decline reason, after challengeAnswerMs; default: bots
//                                               accept, humans ignore) and plays UserSpec.challengeOpponent.
// Unknown game: 404 {"error":"No such game"}; not a player: 404 {"error":"Not your game"}.
//
// Test API (FakeLichess):
//   start(options), close(), url, token, botId, addUser(spec), user(id)
//   challenge(spec) -> ChallengeHandle {id, status, declineReason, declineReasonKey, game, cancel(), settled(), json()}
//   challengeById(id), challenges(), startGame(spec) -> GameHandle (a game in progress, e.g. for restarts),
//   game(id), games(). Short test clocks count as ultraBullet (limit + 40 × inc < 30 s), which bots
//   may not play: pass `speed: 'bullet'` in the spec to show them as bullet.
//   GameHandle: moves, fen, turn, status, winner, isOver, legalMoves(), clock(), moveLog (who/what/when), chat, rejected
//     (400s the bot got), drawOffer, takebackOffer, ended(), waitForPly(n), end(status, winner?), gameFull()
//   opponent(gameId) / game.opponent -> OpponentHandle: move(uci), play(spec), neverMove(), offerDraw(),
//     acceptDraw(), declineDraw(), proposeTakeback(), resign(), abort(), chat(text, room), goAway({claimInSeconds}),
//     comeBack()
//   OpponentSpec: moves 'random' | 'never' | ['e7e5', ...] | (view) => uci; thinkMs; onDrawOffer; onTakeback;
//     whenDone. Castling is accepted in both forms but emitted in the game's `castling` notation
//     (standard: e1g1); to show the bot an opponent's king-to-rook castling (e8h8), create the game
//     or challenge with `castling: 'kingToRook'` (every castling as e1h1) or `'asPlayed'`.
//   requests (method, path, query, body, form, userId, at, status, response), requestsTo(pattern, method?),
//   clearRequests(), streams(), eventStreamOpens(user?), waitFor(probe, {timeoutMs, what})
// Faults:
//   failNext(pattern, {count, status=429, body: 'json'|'html'|text|object, ratelimit, retryAfter, destroy, delayMs})
//   dropEventStream(user?), stallEventStream(user?), dropGameStream(id, user?), stallGameStream(id, user?)
//     (drop destroys the socket; stall keeps it open and sends nothing, not even keep-alives)
//   corruptGameLines(id, {type: 'gameFull'|'gameState', count}, user?): the next such lines are cut in
//     half (no longer JSON); sendGameLine(id, text, user?): one raw line on the open game streams
//   setChunking({seed, maxBytes, gapMs} | null): split output at random byte offsets, also inside UTF-8 chars
//   setKeepAlive({eventMs, gameMs}), clearFaults()
//   Path patterns: exact paths where `*` is one segment ('/api/bot/game/*/move/*'), or a RegExp.
//
// Clocks run in real time (performance.now) on the server: nothing runs until both sides have moved,
// then the side to move's clock runs; increments are added after each move; a flag ends the game
// `outoftime` (no winner if the other side cannot mate). A side that does not make its first move
// within firstMoveMs has the game `aborted`. Mate, stalemate, insufficient material, threefold,
// fifty moves, 600 plies and variant ends are detected with chessops.
export { FakeLichess } from './server.ts';
export { DEFAULT_USERS } from './users.ts';
export { SHORT_CHALLENGE, SHORT_GAME } from './shortClock.ts';
export type * from './types.ts';
