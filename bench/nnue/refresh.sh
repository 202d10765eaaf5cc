#!/bin/bash
# More training for the evaluation network, on fresh positions, sized to a machine's time: Stockfish
# plays itself for GEN_S seconds on all cores (nnue:generate), four chunks of its positions are
# each walked five ways and scored by Stockfish's static evaluation (nnue:label), everything is
# packed (nnue:pack), and the current network is trained on further from its own weights at a
# lower rate (nnue:train --init). The positions stay in $D (regenerated, never committed).
#
#   GEN_S=170 SEED=303 npm run nnue:refresh        # then: npm run nnue:embed -- bench/out/nnue/net.nnue
#
# Env: GEN_S (seconds of games, 170), CORES (all), SEED (303: games SEED, walks from SEED*100),
# D (positions, bench/out/nnue/refresh), OUT (the network, bench/out/nnue), RATE (0.001),
# EPOCHS (3), INIT (the network to start from: the engine's own, written out by current.ts),
# LAYOUT (the trainer's input-layout options, --mirror: the embedded network's, which --init
# must match).
# JS: a folder of bundled scripts (npm run nnue:bundle) for a machine without node_modules.
set -euo pipefail
T0=$(date +%s)
say() { echo "[$(($(date +%s) - T0)) s] $*"; }
GEN_S=${GEN_S:-170}
CORES=${CORES:-$(nproc)}
SEED=${SEED:-303}
D=${D:-bench/out/nnue/refresh}
OUT=${OUT:-bench/out/nnue}
RATE=${RATE:-0.001}
EPOCHS=${EPOCHS:-3}
LAYOUT=${LAYOUT:---mirror}
# The scripts append to their files: a second run into the same folder would mix two runs' positions.
if [ -e "$D/games.txt" ]; then
  echo "nnue:refresh: $D already holds a run's positions; remove it or name another folder with D=" >&2
  exit 2
fi
mkdir -p "$D" "$OUT"
# Debian installs Stockfish in /usr/games.
export PATH=$PATH:/usr/games
if [ -n "${JS:-}" ]; then
  run() { local script=$1; shift; node --max-old-space-size=20000 "$JS/$script.mjs" "$@"; }
else
  run() { local script=$1; shift; node --max-old-space-size=20000 --import tsx "bench/nnue/$script.ts" "$@"; }
fi
if [ -z "${INIT:-}" ]; then
  INIT=$OUT/current.nnue
  run current "$INIT"
fi
# Progress lines left out of the log (grep -v fails on an empty selection: that is no failure).
drop() { grep -v "$1" || true; }
say "node $(node -v), $CORES cores, $(echo quit | stockfish | head -1)"

say "games for $GEN_S s"
run generate --games 100000000 --seconds "$GEN_S" --nodes 800 --workers "$CORES" --random 0.06 --seed "$SEED" --out "$D/games.txt" 2>&1 | drop '^[0-9]* games, '
say "$(wc -l <"$D/games.txt") positions"

# Four chunks of whole lines, each walked five ways by its own process (and one Stockfish each):
# a walk's first step, choosing and testing the positions, is single-threaded.
split -n l/4 -d "$D/games.txt" "$D/chunk."
walk() { # chunk name per-position plies seed
  run label --data "$D/chunk.$1" --per-position "$3" --plies "$4" --workers 1 --seed "$5" --out "$D/$2.$1.txt" 2>&1 | drop ' scored, '
}
for c in 0 1 2 3; do
  walk 0$c w0 1 0 $((SEED * 100 + c * 10 + 1)) &
  walk 0$c w2 2 2 $((SEED * 100 + c * 10 + 2)) &
  walk 0$c w4 3 4 $((SEED * 100 + c * 10 + 3)) &
  walk 0$c w6 3 6 $((SEED * 100 + c * 10 + 4)) &
  walk 0$c w10 2 10 $((SEED * 100 + c * 10 + 5)) &
done
wait
say "walks: $(cat "$D"/w*.txt | wc -l) positions"

for f in w0 w2 w4 w6 w10; do
  cat "$D/$f".0?.txt >"$D/$f.txt"
  run pack --data "$D/$f.txt" --out "$D/$f.bin" &
done
run pack --data "$D/games.txt" --out "$D/games.bin" &
wait
say packed

data=()
for f in games w0 w2 w4 w6 w10; do data+=(--data "$D/$f.bin"); done
# shellcheck disable=SC2086 # LAYOUT is a list of options
run train "${data[@]}" $LAYOUT --init "$INIT" --rate "$RATE" --epochs "$EPOCHS" --threads "$CORES" --out "$OUT/net.nnue"
say "done: $OUT/net.nnue"
