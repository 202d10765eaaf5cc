#!/usr/bin/env bash
# The square classifier from nothing, in one command (npm run vision:train): fetch the piece sets,
# draw the boards, cut the patches, train, write src/vision/weights.ts. One core throughout (the
# renderer's and numpy's threads held to one); about 40 minutes on a shared 2-core machine.
#   BOARDS=3300 EPOCHS=12 npm run vision:train   (MINUTES=45: the schedule cut to fit;
#   OUT, VAL_BOARDS, TEST_BOARDS, WEIGHTS: where and how much; RESUME=src/vision/weights.ts and
#   LR=1e-3: go on from the committed weights instead of from nothing; STOP_EPOCH=4: stop after
#   that many epochs of the schedule EPOCHS plans)
set -euo pipefail
cd "$(dirname "$0")/../.."
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 UV_THREADPOOL_SIZE=1
OUT=${OUT:-bench/out/vision}
BOARDS=${BOARDS:-3300}
EPOCHS=${EPOCHS:-12}
MINUTES=${MINUTES:-0}
VAL_BOARDS=${VAL_BOARDS:-150}
TEST_BOARDS=${TEST_BOARDS:-300}
WEIGHTS=${WEIGHTS:-src/vision/weights.ts}
RESUME=${RESUME:-}
LR=${LR:-3e-3}
STOP_EPOCH=${STOP_EPOCH:-0}
mkdir -p "$OUT"
rm -f "$OUT"/train*.x "$OUT"/train*.y
python3 -c 'import numpy' || { echo "vision:train needs numpy: pip install -r bench/vision/requirements.txt" >&2; exit 2; }
node --import tsx bench/vision/sources.ts
node --import tsx bench/vision/dataset.ts --split train --boards "$BOARDS" --seed 1 --out "$OUT/train"
node --import tsx bench/vision/dataset.ts --split train --whole --boards "$VAL_BOARDS" --seed 2 --out "$OUT/val"
node --import tsx bench/vision/dataset.ts --split test --whole --boards "$TEST_BOARDS" --seed 3 --out "$OUT/test"
python3 bench/vision/train.py --data "$OUT" --epochs "$EPOCHS" --minutes "$MINUTES" --lr "$LR" --stop-epoch "$STOP_EPOCH" ${RESUME:+--resume "$RESUME"} --out "$WEIGHTS"
