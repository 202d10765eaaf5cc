"""One-off repair of training data drawn before sources.ts added the SVG namespace that alpha's and
magnetic's black pawns lack (resvg drew nothing there): a patch labelled a black pawn that a
trained network reads as empty with probability over 0.5 is relabelled empty, which it is.

    python3 bench/vision/relabel.py bench/out/vision/params-1.npz bench/out/vision/train-a bench/out/vision/train-b
"""
import sys

import numpy as np

import train as T


def main():
    saved = np.load(sys.argv[1])
    params = {k: saved[k] for k in saved.files if k != 'temperature'}
    for prefix in sys.argv[2:]:
        x, y = T.load(prefix)
        pawns = np.nonzero(y == T.NAMES.index('p'))[0]
        p = T.softmax(T.predict(params, x[pawns]))
        phantom = pawns[p[:, 0] > 0.5]
        y = y.astype(np.uint8)
        y[phantom] = 0
        y.tofile(prefix + '.y')
        print(f'{prefix}: {len(phantom)} of {len(pawns)} black pawns relabelled empty')


if __name__ == '__main__':
    main()
