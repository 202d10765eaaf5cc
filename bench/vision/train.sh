#!/usr/bin/env bash
# The square classifier from nothing, in one command (npm run vision:train): fetch the piece sets,
# draw the boards, cut the patches, train each member (train.py), join them (combine.py) into
# src/vision/weights.ts. The drawing runs on one core (the renderer's threads held to one), the
# training on THREADS; about an hour and a half on a 2-core machine.
#   BOARDS=8000 EXTRA_BOARDS=6000 PRINTED_BOARDS=2500 EPOCHS=6 npm run vision:train
#   MINUTES=45: each member's schedule cut to fit; OUT, VAL_BOARDS, TEST_BOARDS, WEIGHTS: where
#   and how much; RESUME=1: keep the patches and the members already trained (a run cut short);
#   PYTHON: an interpreter with numpy and torch. The members are MEMBER_SPECS below.
set -euo pipefail
cd "$(dirname "$0")/../.."
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 UV_THREADPOOL_SIZE=1
PYTHON=${PYTHON:-python3}
OUT=${OUT:-bench/out/vision}
BOARDS=${BOARDS:-8000}
EXTRA_BOARDS=${EXTRA_BOARDS:-6000}
PRINTED_BOARDS=${PRINTED_BOARDS:-2500}
EPOCHS=${EPOCHS:-6}
MINUTES=${MINUTES:-0}
VAL_BOARDS=${VAL_BOARDS:-150}
TEST_BOARDS=${TEST_BOARDS:-300}
WEIGHTS=${WEIGHTS:-src/vision/weights.ts}
# Each: widths hidden seed [flags]. Members unlike each other err on different squares.
MEMBER_SPECS=("8,24,48 64 1" "8,16,32 64 2 --no-batch-norm")
THREADS=${THREADS:-2}
RESUME=${RESUME:-}  # 1: keep the patches and the members already trained
LR=${LR:-3e-3}
"$PYTHON" -c 'import numpy, torch' || {
  echo "vision:train needs numpy and torch: pip install -r bench/vision/requirements.txt (or apt-get install python3-torch, then PYTHON=/usr/bin/python3)" >&2
  exit 2
}
mkdir -p "$OUT"
if [[ -z "$RESUME" ]]; then
  rm -f "$OUT"/train*.x "$OUT"/train*.y
  node --import tsx bench/vision/sources.ts
  # Two streams of boards (seeds 1 and 4), the second as much for variety as for quantity.
  node --import tsx bench/vision/dataset.ts --split train --boards "$BOARDS" --seed 1 --out "$OUT/train"
  [[ "$EXTRA_BOARDS" -gt 0 ]] && node --import tsx bench/vision/dataset.ts --split train --boards "$EXTRA_BOARDS" --seed 4 --out "$OUT/train-b"
  # Printed diagrams with hatching drawn afresh for each board (styles.ts's PRINTED_VARIED).
  [[ "$PRINTED_BOARDS" -gt 0 ]] && node --import tsx bench/vision/dataset.ts --split train --theme printed-varied --boards "$PRINTED_BOARDS" --seed 5 --out "$OUT/train-printed"
  node --import tsx bench/vision/dataset.ts --split train --whole --boards "$VAL_BOARDS" --seed 2 --out "$OUT/val"
  node --import tsx bench/vision/dataset.ts --split test --whole --boards "$TEST_BOARDS" --seed 3 --out "$OUT/test"
fi
# The members: widths, hidden width, seed, and what else sets one apart from the others.
members=()
for spec in "${MEMBER_SPECS[@]}"; do
  read -r widths hidden seed extra <<<"$spec"
  member="$OUT/member-${widths//,/-}-$seed.npz"
  members+=("$member")
  [[ -n "$RESUME" && -f "$member" ]] && continue
  "$PYTHON" bench/vision/train.py --data "$OUT" --widths "$widths" --hidden "$hidden" --seed "$seed" $extra --epochs "$EPOCHS" \
    --minutes "$MINUTES" --lr "$LR" --threads "$THREADS" --out "$member"
done
"$PYTHON" bench/vision/combine.py --data "$OUT" --members "${members[@]}" --out "$WEIGHTS"
