"""Trains the square classifier (src/vision/classifier.ts) on patches from bench/vision/dataset.ts.

numpy only (bench/vision/requirements.txt), one core: convolutions as im2col matrix products,
Adam, a cosine learning rate. Then the softmax's temperature is fitted on the validation boards
(train styles, unseen positions) so that a confidence means what it says, the held-out TEST
styles are measured (squares, boards, how sure the wrong reads were), and the weights are written
as src/vision/weights.ts (float16, base64) for the TypeScript inference.

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 python3 bench/vision/train.py --data bench/out/vision

The network, on a 32×32 grey patch (value*2-1):
    conv 3×3 1→8, relu, max-pool 2 → 16×16×8
    conv 3×3 8→16, relu, max-pool 2 → 8×8×16
    conv 3×3 16→32, relu, max-pool 2 → 4×4×32
    dense 512→64, relu; dense 64→13 (empty, P N B R Q K p n b r q k)
Layouts (the TypeScript reads them so): activations height, width, channel; a convolution's
weights [dy][dx][in][out]; a dense layer's [in][out], the input flattened height, width, channel.
"""

import argparse
import base64
import json
import math
import os
import sys
import time

import numpy as np

PATCH = 32
CLASSES = 13
NAMES = ['.', 'P', 'N', 'B', 'R', 'Q', 'K', 'p', 'n', 'b', 'r', 'q', 'k']
CONVS = [(1, 8), (8, 16), (16, 32)]
HIDDEN = 64


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


def init(rng):
    params = {}
    for i, (cin, cout) in enumerate(CONVS):
        params[f'c{i}w'] = (rng.standard_normal((9 * cin, cout)) * math.sqrt(2 / (9 * cin))).astype(np.float32)
        params[f'c{i}b'] = np.zeros(cout, np.float32)
    flat = (PATCH // 8) ** 2 * CONVS[-1][1]
    params['d0w'] = (rng.standard_normal((flat, HIDDEN)) * math.sqrt(2 / flat)).astype(np.float32)
    params['d0b'] = np.zeros(HIDDEN, np.float32)
    params['d1w'] = (rng.standard_normal((HIDDEN, CLASSES)) * math.sqrt(1 / HIDDEN)).astype(np.float32)
    params['d1b'] = np.zeros(CLASSES, np.float32)
    return params


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


def col2im(dcols, shape):
    b, h, w, c = shape
    dcols = dcols.reshape(b, h, w, 9, c)
    dpadded = np.zeros((b, h + 2, w + 2, c), np.float32)
    for dy in range(3):
        for dx in range(3):
            dpadded[:, dy:dy + h, dx:dx + w, :] += dcols[:, :, :, dy * 3 + dx, :]
    return dpadded[:, 1:-1, 1:-1, :]


def forward(params, x, keep=False):
    """x: (B, 32, 32, 1) floats in [-1, 1]. Returns logits and, with keep, what backward needs."""
    cache = []
    a = x
    for i in range(len(CONVS)):
        b, h, w, _ = a.shape
        cols = im2col(a)
        z = cols @ params[f'c{i}w'] + params[f'c{i}b']
        r = np.maximum(z, 0).reshape(b, h, w, -1)
        blocks = r.reshape(b, h // 2, 2, w // 2, 2, r.shape[-1])
        pooled = blocks.max(axis=(2, 4))
        if keep:
            cache.append((a.shape, cols, z, blocks, pooled))
        a = pooled
    flat = a.reshape(a.shape[0], -1)
    z0 = flat @ params['d0w'] + params['d0b']
    h0 = np.maximum(z0, 0)
    logits = h0 @ params['d1w'] + params['d1b']
    if keep:
        return logits, (cache, a.shape, flat, z0, h0)
    return logits


def softmax(logits):
    shifted = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(shifted)
    return e / e.sum(axis=1, keepdims=True)


def backward(params, saved, dlogits):
    cache, pooled_shape, flat, z0, h0 = saved
    grads = {}
    grads['d1w'] = h0.T @ dlogits
    grads['d1b'] = dlogits.sum(0)
    dh0 = dlogits @ params['d1w'].T
    dz0 = dh0 * (z0 > 0)
    grads['d0w'] = flat.T @ dz0
    grads['d0b'] = dz0.sum(0)
    da = (dz0 @ params['d0w'].T).reshape(pooled_shape)
    for i in reversed(range(len(CONVS))):
        in_shape, cols, z, blocks, pooled = cache[i]
        b, h, w, _ = in_shape
        mask = blocks == pooled[:, :, None, :, None, :]
        dr = (mask * da[:, :, None, :, None, :]).reshape(b * h * w, -1)
        dz = dr * (z > 0)
        grads[f'c{i}w'] = cols.T @ dz
        grads[f'c{i}b'] = dz.sum(0)
        if i > 0:
            da = col2im(dz @ params[f'c{i}w'].T, in_shape)
    return grads


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


def augment(rng, x):
    """Brightness, contrast and sensor noise beyond what the renderer varies; never an inversion."""
    b = x.shape[0]
    contrast = rng.uniform(0.7, 1.3, (b, 1, 1, 1)).astype(np.float32)
    shift = rng.uniform(-0.12, 0.12, (b, 1, 1, 1)).astype(np.float32)
    # A mirrored piece is the same piece (a knight faces either way in piece sets).
    mirror = rng.random(b) < 0.5
    x[mirror] = x[mirror, :, ::-1, :]
    mean = x.mean(axis=(1, 2, 3), keepdims=True)
    x = (x - mean) * contrast + mean + shift
    sigma = rng.uniform(0, 0.03, (b, 1, 1, 1)).astype(np.float32)
    x = x + rng.standard_normal(x.shape).astype(np.float32) * sigma
    return np.clip(x, 0, 1)


def to_input(x01):
    return (x01 * 2 - 1).astype(np.float32)


def predict(params, x_u8, batch=1024):
    out = []
    for start in range(0, len(x_u8), batch):
        out.append(forward(params, to_input(x_u8[start:start + batch].astype(np.float32) / 255)))
    return np.concatenate(out)


def fit_temperature(logits, y):
    best = (1e9, 1.0)
    for t in np.exp(np.linspace(math.log(0.3), math.log(5), 200)):
        p = softmax(logits / t)
        nll = -np.mean(np.log(p[np.arange(len(y)), y] + 1e-12))
        best = min(best, (nll, float(t)))
    return best[1]


def report(name, logits, y, temperature):
    p = softmax(logits / temperature)
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


def export(params, temperature, path, meta):
    order = [f'c{i}{k}' for i in range(len(CONVS)) for k in 'wb'] + ['d0w', 'd0b', 'd1w', 'd1b']
    arrays = []
    for key in order:
        value = params[key]
        if key.startswith('d1'):
            value = value / temperature  # the temperature folded into the last layer
        arrays.append(value.astype('<f2').ravel())
    blob = np.concatenate(arrays).tobytes()
    encoded = base64.b64encode(blob).decode('ascii')
    lines = [
        '// Generated by bench/vision/train.py (npm run vision:train): the square classifier\'s weights,',
        '// float16 little-endian, base64; the layers in src/vision/classifier.ts\'s order. Do not edit.',
        f'// {meta}',
        '',
        '// One string in pieces (an array joined): a long chain of + overflows parsers.',
        'export const WEIGHTS_FLOAT16 = [',
    ]
    width = 100
    lines += [f"  '{encoded[i:i + width]}'," for i in range(0, len(encoded), width)]
    lines.append("].join('');")
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    return len(blob)


def load_weights_ts(path, template):
    """The parameters a weights.ts holds (export's order and shapes), to train on from there.

    Its last layer carries the temperature it was fitted with (divided in); left so, it is only
    a scaled start, and the temperature is fitted afresh at the end."""
    text = open(path).read()
    encoded = ''.join(line.strip()[1:-2] for line in text.splitlines() if line.startswith("  '"))
    values = np.frombuffer(base64.b64decode(encoded), '<f2').astype(np.float32)
    order = [f'c{i}{k}' for i in range(len(CONVS)) for k in 'wb'] + ['d0w', 'd0b', 'd1w', 'd1b']
    params, at = {}, 0
    for key in order:
        size = template[key].size
        params[key] = values[at:at + size].reshape(template[key].shape).copy()
        at += size
    if at != len(values):
        raise ValueError(f'{path} holds {len(values)} values, the network {at}')
    return params


def rounded(params):
    return {k: v.astype(np.float16).astype(np.float32) for k, v in params.items()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--data', default='bench/out/vision')
    parser.add_argument('--epochs', type=int, default=8)
    parser.add_argument('--batch', type=int, default=256)
    parser.add_argument('--lr', type=float, default=3e-3)
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--out', default='src/vision/weights.ts')
    parser.add_argument('--resume', default='', help='start from a params.npz a previous run saved, or from a weights.ts')
    parser.add_argument('--minutes', type=float, default=0, help='stop the schedule early to fit this budget (0: none)')
    parser.add_argument('--stop-epoch', type=int, default=0, help='stop after this many epochs of the schedule --epochs plans (0: none)')
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    started = time.time()
    x, y = load_all(args.data, 'train')
    xv, yv = load(os.path.join(args.data, 'val'))
    xt, yt = load(os.path.join(args.data, 'test'))
    print(f'train {len(y)} patches, val {len(yv)}, test {len(yt)}; classes {np.bincount(y, minlength=CLASSES).tolist()}', flush=True)
    params = init(rng)
    if args.resume.endswith('.ts'):
        params = load_weights_ts(args.resume, params)
        print(f'resumed from {args.resume}', flush=True)
    elif args.resume:
        saved = np.load(args.resume)
        params = {k: saved[k].astype(np.float32) for k in params}
        print(f'resumed from {args.resume}', flush=True)
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in params.items()}
    steps_per_epoch = len(y) // args.batch
    total = steps_per_epoch * args.epochs
    step = 0
    timing_from = None
    noise_per_batch = max(1, args.batch // 32)
    uniform = np.full(CLASSES, 1 / CLASSES, np.float32)
    for epoch in range(args.epochs):
        order = rng.permutation(len(y))
        loss_sum, seen = 0.0, 0
        for s in range(steps_per_epoch):
            idx = order[s * args.batch:(s + 1) * args.batch]
            xb = augment(rng, x[idx].astype(np.float32) / 255)
            targets = np.eye(CLASSES, dtype=np.float32)[y[idx]]
            xb = np.concatenate([xb, noise_patches(rng, noise_per_batch)])
            targets = np.concatenate([targets, np.tile(uniform, (noise_per_batch, 1))])
            logits, saved = forward(params, to_input(xb), keep=True)
            p = softmax(logits)
            loss_sum += float(-(targets * np.log(p + 1e-12)).sum(1).mean())
            seen += 1
            grads = backward(params, saved, (p - targets) / len(xb))
            lr = args.lr * 0.5 * (1 + math.cos(math.pi * min(1, step / total)))
            step += 1
            if step == 20:
                timing_from = time.time()
            if step == 220 and args.minutes:
                # The schedule shrunk to the time budget (the evaluation after it takes a minute or two).
                per_step = (time.time() - timing_from) / 200
                affordable = int((args.minutes * 60 - (time.time() - started) - 120) / per_step) + step
                if affordable < total:
                    total = affordable
                    print(f'{per_step * 1000:.0f} ms a step: {total} steps ({total / steps_per_epoch:.2f} epochs) fit {args.minutes} minutes', flush=True)
            if step >= total:
                break
            for k in params:
                m, v = moments[k]
                m *= 0.9
                m += 0.1 * grads[k]
                v *= 0.999
                v += 0.001 * grads[k] ** 2
                params[k] -= lr * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
        val_right = (predict(params, xv).argmax(1) == yv).mean()
        print(f'epoch {epoch + 1}/{args.epochs}: loss {loss_sum / seen:.4f}, val squares {val_right * 100:.3f}%, {time.time() - started:.0f} s', flush=True)
        # A long run cut short (a shared machine, a deadline) keeps its last epoch: --resume it.
        np.savez(os.path.join(args.data, 'checkpoint.npz'), **params)
        if step >= total or epoch + 1 == args.stop_epoch:
            break
    final = rounded(params)
    val_logits = predict(final, xv)
    temperature = fit_temperature(val_logits, yv)
    test_logits = predict(final, xt)
    noise = noise_patches(np.random.default_rng(99), 500)
    noise_conf = softmax(forward(final, to_input(noise)) / temperature).max(1)
    summary = [
        f'temperature {temperature:.3f} (fitted on the validation boards)',
        report('validation (train styles)', val_logits, yv, temperature),
        report('test (held-out styles)', test_logits, yt, temperature),
        f'noise patches: confidence median {np.median(noise_conf):.3f}, max {noise_conf.max():.3f}',
    ]
    print('\n'.join(summary), flush=True)
    size = export(params, temperature, args.out,
                  f'{len(y)} training patches, {args.epochs} epochs, seed {args.seed}, temperature {temperature:.3f}')
    print(f'wrote {args.out}: {size} bytes of weights; {time.time() - started:.0f} s in all', flush=True)
    np.savez(os.path.join(args.data, 'params.npz'), temperature=temperature, **params)
    with open(os.path.join(args.data, 'report.txt'), 'w') as f:
        f.write('\n'.join(summary) + '\n')


if __name__ == '__main__':
    sys.exit(main())
