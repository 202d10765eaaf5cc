// A trainer's worker thread (see train.ts and model.ts): works out the gradient of its share of
// each batch, updates its share of the weights, and measures errors, all in the shared memory.

import { parentPort, workerData } from 'node:worker_threads';
import { Model, type Shapes, type Targets } from './model.ts';

const { module, memory, shapes, targets, thread, train, valid, order } = workerData as {
  module: WebAssembly.Module; memory: WebAssembly.Memory; shapes: Shapes; targets: Targets; thread: number;
  train: SharedArrayBuffer; valid: SharedArrayBuffer; order: Int32Array;
};
const model = new Model(module, memory, shapes, targets, thread);
const sets = {
  train: { records: new Uint8Array(train), words: new Uint32Array(train), scores: new Int16Array(train) },
  valid: { records: new Uint8Array(valid), words: new Uint32Array(valid), scores: new Int16Array(valid) },
};

type Message =
  | { kind: 'grad'; from: number; to: number }
  | { kind: 'adam'; batch: number; step: number; correction2: number; limits: { w1: number; b1: number; w2: number; b2: number } }
  | { kind: 'error'; set: 'train' | 'valid'; from: number; to: number };

parentPort!.on('message', (message: Message) => {
  if (message.kind === 'grad') {
    const { records, words, scores } = sets.train;
    let loss = 0;
    for (let k = message.from; k < message.to; k++) loss += model.backward(records, words, scores, order[k]);
    parentPort!.postMessage(loss);
  } else if (message.kind === 'adam') {
    model.adam(message.batch, message.step, message.correction2, message.limits);
    parentPort!.postMessage(0);
  } else {
    const { records, words, scores } = sets[message.set];
    let sum = 0;
    for (let i = message.from; i < message.to; i++) sum += model.error(records, words, scores, i);
    parentPort!.postMessage(sum);
  }
});
