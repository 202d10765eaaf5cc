"""Trains one member of the square classifier (src/vision/classifier.ts) on patches from
bench/vision/dataset.ts; combine.py joins the members into src/vision/weights.ts.

PyTorch on the CPU (bench/vision/requirements.txt; Debian's python3-torch serves too): Adam, a
cosine learning rate, batch normalisation (unless --no-batch-norm) folded into the convolutions
when the member is written. Then its softmax's temperature is fitted on the validation boards
(train styles, unseen positions), it is measured on them and on the held-out TEST styles by
network.py's numpy forward pass (the TypeScript's computation, checked here against torch's),
and written as an .npz member (network.py's save_member).

    python3 bench/vision/train.py --data bench/out/vision --widths 8,24,48 --hidden 64 --out bench/out/vision/member-a.npz

The network is network.py's, its widths given here (multiples of 8: the TypeScript's kernels
compute eight channels at a time).
"""

import argparse
import math
import os
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from network import (CLASSES, PATCH, fit_temperature, forward, load, load_all, noise_patches, predict, report, rounded,
                     save_member, softmax, to_input)


class ChannelsLast(nn.Module):
    """(B, C, H, W) → (B, H, W, C): the dense layer reads its input flattened height, width, channel."""

    def forward(self, x):
        return x.permute(0, 2, 3, 1)


def build(widths, hidden, batch_norm=True):
    """The network in torch, each convolution followed by batch normalisation (folded on export) unless not."""
    layers, cin = [], 1
    for cout in widths:
        layers += [nn.Conv2d(cin, cout, 3, padding=1)] + ([nn.BatchNorm2d(cout)] if batch_norm else []) + [nn.ReLU(), nn.MaxPool2d(2)]
        cin = cout
    layers += [ChannelsLast(), nn.Flatten(), nn.Linear((PATCH // 8) ** 2 * cin, hidden), nn.ReLU(), nn.Linear(hidden, CLASSES)]
    return nn.Sequential(*layers)


def to_params(model):
    """The torch model as the numpy layouts (batch normalisation folded into each convolution)."""
    params, conv = {}, 0
    modules = list(model)
    for at, module in enumerate(modules):
        if not isinstance(module, nn.Conv2d):
            continue
        w = module.weight.detach().numpy()
        b = module.bias.detach().numpy()
        norm = modules[at + 1]
        if isinstance(norm, nn.BatchNorm2d):
            scale = (norm.weight / (norm.running_var + norm.eps).sqrt()).detach().numpy()
            w = w * scale[:, None, None, None]
            b = (b - norm.running_mean.numpy()) * scale + norm.bias.detach().numpy()
        # A convolution's weights [out][in][dy][dx] → [dy][dx][in] rows, [out] columns.
        params[f'c{conv}w'] = w.transpose(2, 3, 1, 0).reshape(9 * w.shape[1], w.shape[0]).astype(np.float32)
        params[f'c{conv}b'] = b.astype(np.float32)
        conv += 1
    dense = [m for m in modules if isinstance(m, nn.Linear)]
    for i, m in enumerate(dense):
        params[f'd{i}w'] = m.weight.detach().numpy().T.copy()
        params[f'd{i}b'] = m.bias.detach().numpy().copy()
    return params


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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--data', default='bench/out/vision')
    parser.add_argument('--widths', default='8,24,48', help="the three convolutions' output channels")
    parser.add_argument('--hidden', type=int, default=64)
    parser.add_argument('--no-batch-norm', action='store_true', help='plain convolutions (a member unlike the others)')
    parser.add_argument('--epochs', type=int, default=8)
    parser.add_argument('--batch', type=int, default=256)
    parser.add_argument('--lr', type=float, default=3e-3)
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--threads', type=int, default=1)
    parser.add_argument('--out', default='bench/out/vision/member.npz', help='the member file (.npz) written')
    parser.add_argument('--resume', default='', help="a checkpoint.pt a run cut short saved: go on from its epoch")
    parser.add_argument('--minutes', type=float, default=0, help='stop the schedule early to fit this budget (0: none)')
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    widths = [int(w) for w in args.widths.split(',')]
    if len(widths) != 3 or any(w % 8 for w in widths):
        parser.error('--widths takes three multiples of 8 (the TypeScript computes eight channels at a time)')
    started = time.time()
    x, y = load_all(args.data, 'train')
    xv, yv = load(os.path.join(args.data, 'val'))
    xt, yt = load(os.path.join(args.data, 'test'))
    print(f'train {len(y)} patches, val {len(yv)}, test {len(yt)}; classes {np.bincount(y, minlength=CLASSES).tolist()}', flush=True)
    model = build(widths, args.hidden, batch_norm=not args.no_batch_norm)
    optimiser = torch.optim.Adam(model.parameters(), lr=args.lr)
    steps_per_epoch = len(y) // args.batch
    total = steps_per_epoch * args.epochs
    first_epoch = 0
    checkpoint = os.path.join(args.data, 'checkpoint.pt')
    if args.resume:
        saved = torch.load(args.resume)
        model.load_state_dict(saved['model'])
        optimiser.load_state_dict(saved['optimiser'])
        first_epoch = saved['epoch']
        rng = np.random.default_rng(args.seed + first_epoch)
        print(f'resumed from {args.resume} after epoch {first_epoch}', flush=True)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda step: 0.5 * (1 + math.cos(math.pi * min(1, step / total))))
    for _ in range(first_epoch * steps_per_epoch):
        schedule.step()
    step = first_epoch * steps_per_epoch
    timing_from = None
    noise_per_batch = max(1, args.batch // 32)
    uniform = torch.full((noise_per_batch, CLASSES), 1 / CLASSES)
    for epoch in range(first_epoch, args.epochs):
        model.train()
        order = rng.permutation(len(y))
        loss_sum, seen = 0.0, 0
        for s in range(steps_per_epoch):
            idx = order[s * args.batch:(s + 1) * args.batch]
            xb = np.concatenate([augment(rng, x[idx].astype(np.float32) / 255), noise_patches(rng, noise_per_batch)])
            inputs = torch.from_numpy(to_input(xb)).permute(0, 3, 1, 2).contiguous()
            # Noise patches are taught to be unsure: a uniform target.
            targets = torch.cat([F.one_hot(torch.from_numpy(y[idx]), CLASSES).float(), uniform])
            loss = F.cross_entropy(model(inputs), targets)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            loss_sum += float(loss)
            seen += 1
            step += 1
            if step == 20:
                timing_from = time.time()
            if step == 220 and args.minutes and timing_from:
                # The schedule shrunk to the time budget (the evaluation after it takes a minute or two).
                per_step = (time.time() - timing_from) / 200
                affordable = int((args.minutes * 60 - (time.time() - started) - 120) / per_step) + step
                if affordable < total:
                    total = affordable
                    print(f'{per_step * 1000:.0f} ms a step: {total} steps ({total / steps_per_epoch:.2f} epochs) fit {args.minutes} minutes', flush=True)
            if step >= total:
                break
        model.eval()
        val_right = (predict(to_params(model), xv).argmax(1) == yv).mean()
        print(f'epoch {epoch + 1}/{args.epochs}: loss {loss_sum / seen:.4f}, val squares {val_right * 100:.3f}%, {time.time() - started:.0f} s', flush=True)
        # A long run cut short (a shared machine, a deadline) keeps its last epoch: --resume it.
        torch.save({'model': model.state_dict(), 'optimiser': optimiser.state_dict(), 'epoch': epoch + 1}, checkpoint)
        if step >= total:
            break
    model.eval()
    # The folded layers must compute what torch trained: a check on the validation patches.
    sample = to_input(xv[:256].astype(np.float32) / 255)
    with torch.no_grad():
        expected = model(torch.from_numpy(sample).permute(0, 3, 1, 2).contiguous()).numpy()
    drift = np.abs(forward(to_params(model), sample) - expected).max()
    if drift > 1e-3:
        raise SystemExit(f'the exported layers differ from the trained model by {drift}')
    final = rounded(to_params(model))
    val_logits = predict(final, xv)
    temperature = fit_temperature(val_logits, yv)
    noise = noise_patches(np.random.default_rng(99), 500)
    noise_conf = softmax(forward(final, to_input(noise)) / temperature).max(1)
    summary = [
        f'member {args.out}: widths {args.widths}, hidden {args.hidden}, batch norm {not args.no_batch_norm}, seed {args.seed}, '
        f'temperature {temperature:.3f} (fitted on the validation boards)',
        report('validation (train styles)', softmax(val_logits / temperature), yv),
        report('test (held-out styles)', softmax(predict(final, xt) / temperature), yt),
        f'noise patches: confidence median {np.median(noise_conf):.3f}, max {noise_conf.max():.3f}',
    ]
    print('\n'.join(summary), flush=True)
    save_member(args.out, final, widths, args.hidden, temperature)
    print(f'wrote {args.out}; {time.time() - started:.0f} s in all', flush=True)


if __name__ == '__main__':
    sys.exit(main())
