"""The square classifier as the TypeScript computes it (src/vision/classifier.ts), in numpy: the
patches' files, the forward pass, a member network's file, the reports. train.py trains a member;
combine.py joins members into src/vision/weights.ts.

A member, on a 32×32 grey patch (value*2-1), for widths a,b,c and hidden h:
    conv 3×3 1→a, relu, max-pool 2 → 16×16×a
    conv 3×3 a→b, relu, max-pool 2 → 8×8×b
    conv 3×3 b→c, relu, max-pool 2 → 4×4×c
    dense 16c→h, relu; dense h→13 (empty, P N B R Q K p n b r q k)
Layouts (the TypeScript reads them so): activations height, width, channel; a convolution's
weights [dy][dx][in][out]; a dense layer's [in][out], the input flattened height, width, channel.
"""

import math
import os

import numpy as np

PATCH = 32
CLASSES = 13
NAMES = ['.', 'P', 'N', 'B', 'R', 'Q', 'K', 'p', 'n', 'b', 'r', 'q', 'k']


def load(prefix):
    x = np.fromfile(prefix + '.x', np.uint8)
    y = np.fromfile(prefix + '.y', np.uint8).astype(np.int64)
    n = min(len(y), len(x) // (PATCH * PATCH))  # a generator stopped midway leaves one file longer
    return x[:n * PATCH * PATCH].reshape(n, PATCH, PATCH, 1), y[:n]


def load_all(directory, stem):
    """Every <stem>*.x/.y pair in the directory (train.x, train-a.x, train-fonts.x …), joined."""
    parts = [load(os.path.join(directory, name[:-2])) for name in sorted(os.listdir(directory))
             if name.startswith(stem) and name.endswith('.x')]
    return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])


def im2col(x):
    """(B, H, W, C) → (B*H*W, 9*C), 'same' padding, columns ordered [dy][dx][c]."""
    b, h, w, c = x.shape
    padded = np.zeros((b, h + 2, w + 2, c), np.float32)
    padded[:, 1:-1, 1:-1, :] = x
    cols = np.empty((b, h, w, 9, c), np.float32)
    for dy in range(3):
        for dx in range(3):
            cols[:, :, :, dy * 3 + dx, :] = padded[:, dy:dy + h, dx:dx + w, :]
    return cols.reshape(b * h * w, 9 * c)


def forward(params, x):
    """The TypeScript's computation in numpy: x (B, 32, 32, 1) floats in [-1, 1] → logits."""
    a = x
    convs = sum(1 for k in params if k.startswith('c') and k.endswith('w'))
    for i in range(convs):
        b, h, w, _ = a.shape
        z = im2col(a) @ params[f'c{i}w'] + params[f'c{i}b']
        r = np.maximum(z, 0).reshape(b, h, w, -1)
        a = r.reshape(b, h // 2, 2, w // 2, 2, r.shape[-1]).max(axis=(2, 4))
    h0 = np.maximum(a.reshape(a.shape[0], -1) @ params['d0w'] + params['d0b'], 0)
    return h0 @ params['d1w'] + params['d1b']


def softmax(logits):
    shifted = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(shifted)
    return e / e.sum(axis=1, keepdims=True)


def noise_patches(rng, n):
    """Pictures of nothing a board holds (pixel noise, blotches, stripes): taught to be unsure."""
    out = np.empty((n, PATCH, PATCH, 1), np.float32)
    for k in range(n):
        kind = rng.integers(3)
        if kind == 0:
            out[k, :, :, 0] = rng.random((PATCH, PATCH))
        elif kind == 1:
            cells = int(rng.integers(2, 9))
            small = rng.random((cells, cells))
            out[k, :, :, 0] = np.kron(small, np.ones((PATCH // cells + 1, PATCH // cells + 1)))[:PATCH, :PATCH]
        else:
            period = int(rng.integers(2, 8))
            stripes = (np.add.outer(np.arange(PATCH), np.arange(PATCH) * rng.choice([-1, 1])) // period) % 2
            out[k, :, :, 0] = stripes * rng.random() + rng.random() * 0.5
    return np.clip(out, 0, 1)


def to_input(x01):
    return (x01 * 2 - 1).astype(np.float32)


def predict(params, x_u8, batch=1024):
    out = []
    for start in range(0, len(x_u8), batch):
        out.append(forward(params, to_input(x_u8[start:start + batch].astype(np.float32) / 255)))
    return np.concatenate(out)


def fit_temperature(logits, y):
    """The temperature that makes softmax(logits / t) say how often it is right (least NLL)."""
    best = (1e9, 1.0)
    for t in np.exp(np.linspace(math.log(0.2), math.log(5), 200)):
        p = softmax(logits / t)
        nll = -np.mean(np.log(p[np.arange(len(y)), y] + 1e-12))
        best = min(best, (nll, float(t)))
    return best[1]


def report(name, p, y):
    """Squares and boards right, how sure the wrong ones were, at several thresholds: p the probabilities."""
    guess = p.argmax(1)
    conf = p.max(1)
    right = guess == y
    boards = right.reshape(-1, 64).all(1)
    wrong_conf = np.sort(conf[~right])[::-1]
    lines = [
        f'{name}: squares {right.mean() * 100:.3f}% right ({(~right).sum()} wrong of {len(y)}), '
        f'boards {boards.mean() * 100:.2f}% exact ({boards.sum()} of {len(boards)})',
        f'  wrong squares\' confidence: ' + (', '.join(f'{c:.3f}' for c in wrong_conf[:25]) or 'none'),
    ]
    for threshold in (0.5, 0.8, 0.9, 0.95, 0.99):
        sure = conf >= threshold
        board_sure = sure.reshape(-1, 64).all(1)
        confident_wrong = (~boards & board_sure).sum()
        lines.append(f'  threshold {threshold}: {(~sure).mean() * 100:.2f}% squares unsure, boards all sure {board_sure.mean() * 100:.1f}%, '
                     f'wrong boards read as sure {confident_wrong}, right boards flagged unsure {(boards & ~board_sure).sum()}')
    confusion = {}
    for t, g in zip(y[~right], guess[~right]):
        key = f'{NAMES[t]}→{NAMES[g]}'
        confusion[key] = confusion.get(key, 0) + 1
    lines.append('  mistakes: ' + ', '.join(f'{k} {v}' for k, v in sorted(confusion.items(), key=lambda kv: -kv[1])))
    return '\n'.join(lines)


def rounded(params):
    return {k: v.astype(np.float16).astype(np.float32) for k, v in params.items()}


def layer_order(widths):
    return [f'c{i}{k}' for i in range(len(widths)) for k in 'wb'] + ['d0w', 'd0b', 'd1w', 'd1b']


def save_member(path, params, widths, hidden, temperature):
    """A trained member: its layers (the temperature folded into the last), float16 as shipped."""
    folded = dict(params, d1w=params['d1w'] / temperature, d1b=params['d1b'] / temperature)
    np.savez(path, widths=np.array(widths), hidden=np.array(hidden),
             **{k: v.astype(np.float16) for k, v in folded.items()})


def load_member(path):
    """A member's widths, hidden width and layers (float32 from the float16 shipped)."""
    saved = np.load(path)
    widths = [int(w) for w in saved['widths']]
    return widths, int(saved['hidden']), {k: saved[k].astype(np.float32) for k in layer_order(widths)}
