// A trainer's worker thread: works out the gradient of its share of each batch (see train.ts).

import { parentPort, workerData } from 'node:worker_threads';
import { Model, type Samples, type Shapes, type Weights } from './model.ts';

const { shapes, samples, weights, grads, order } = workerData as {
  shapes: Shapes; samples: Samples; weights: Weights; grads: Weights; order: Int32Array;
};
const model = new Model(shapes, samples, weights);

parentPort!.on('message', ({ from, to }: { from: number; to: number }) => {
  for (const values of Object.values(grads)) values.fill(0);
  let loss = 0;
  for (let k = from; k < to; k++) loss += model.backward(order[k], grads);
  parentPort!.postMessage(loss);
});
