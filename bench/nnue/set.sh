#!/bin/bash
# One set of training positions for the evaluation network, made as the embedded network's were
# (docs/benchmarks.md, "The evaluation network"): 20,000 games of Stockfish against itself at 800
# nodes a move (nnue:generate), walks of up to 2, 4, 6 and 10 random moves from their positions
# and the positions themselves scored by Stockfish's static evaluation (nnue:label), all packed
# (nnue:pack) for nnue:train. About 70 to 95 minutes on two cores; the positions stay in $D
# (regenerated, never committed: one set packs to some 640 MB).
#
#   NAME=games1 SEED=101 WALK_SEED=20 npm run nnue:set     # the embedded network's first set
#   NAME=games2 SEED=202 WALK_SEED=30 npm run nnue:set     # and its second
#
# Env: NAME (file names), SEED (the games'), WALK_SEED (walks WALK_SEED+1 … +5, in the order
# plies 0, 2, 4, 6, 10), GAMES (20000), D (bench/out/nnue).
set -euo pipefail
NAME=${NAME:?name the set, e.g. NAME=games1}
SEED=${SEED:?give the games a seed, e.g. SEED=101}
WALK_SEED=${WALK_SEED:?give the walks a seed, e.g. WALK_SEED=20}
GAMES=${GAMES:-20000}
D=${D:-bench/out/nnue}
T0=$(date +%s)
say() { echo "[$(($(date +%s) - T0)) s] $*"; }
# The scripts append to their files: a second run under the same name would mix two runs' positions.
if [ -e "$D/$NAME.txt" ]; then
  echo "nnue:set: $D/$NAME.txt exists; remove it or choose another NAME" >&2
  exit 2
fi
mkdir -p "$D"
# Debian installs Stockfish in /usr/games.
export PATH=$PATH:/usr/games
run() { local script=$1; shift; node --max-old-space-size=14000 --import tsx "bench/nnue/$script.ts" "$@"; }
# Progress lines left out of the log (grep -v fails on an empty selection: that is no failure).
drop() { grep -v "$1" || true; }

say "$GAMES games, seed $SEED"
run generate --games "$GAMES" --nodes 800 --workers 2 --random 0.06 --seed "$SEED" --out "$D/$NAME.txt" 2>&1 | drop '^[0-9]* games, '
say "$(wc -l <"$D/$NAME.txt") positions; walks"
walk() { # suffix per-position plies seed-offset workers
  run label --data "$D/$NAME.txt" --per-position "$2" --plies "$3" --seed $((WALK_SEED + $4)) --workers "$5" --out "$D/$NAME-$1.txt" 2>&1 | drop ' scored, '
}
walk w0 1 0 1 2
walk w2 6 2 2 2
# A walk's choice of positions runs on one thread: the longer walks run beside the plies-4 one.
walk w6 6 6 4 1 &
walk w10 4 10 5 1 &
walk w4 6 4 3 2
wait
say "packing"
for f in "$NAME" "$NAME-w0" "$NAME-w2" "$NAME-w4" "$NAME-w6" "$NAME-w10"; do
  run pack --data "$D/$f.txt" --out "$D/$f.bin"
done
say "done: $(ls "$D/$NAME"*.bin | tr '\n' ' ')"
