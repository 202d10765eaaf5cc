// The evaluation network's weights and their file format. The network is 768 inputs per input
// bucket (features.ts) → `hidden` neurons, computed once per view (the "accumulator", updated move by move in the
// search) → squared clipped ReLU → one output from the side to move's view followed by the other.
// The output layer has one set of weights per bucket of material (by the number of pieces on the
// board, pawns and kings included), since what matters changes as the board empties. Weights are
// integers: the hidden layer's scaled by QA, the output layer's by QB.
//
// File: "CBNN", then little-endian uint32 version, hidden, QA, QB, output scale (centipawns per
// unit of output), buckets; int16 hidden weights (feature after feature, `hidden` each), int16
// hidden biases, int16 output weights (bucket after bucket, 2 × hidden each), int32 output biases
// (one per bucket, scaled by QA × QB). Version 2 has input buckets: after the version-1 header,
// uint32 mirrored (0 or 1) and input bucket count, then 64 bytes, the king's square's bucket for
// each square; its hidden weights are count × 768 features'. Version 1 is the plain layout.

import { INPUTS, type InputBuckets, PLAIN_INPUTS, isPlain } from './features.ts';

const MAGIC = 0x4e4e4243; // "CBNN" read as a little-endian uint32
const PLAIN_VERSION = 1;
const BUCKETED_VERSION = 2;
const HEADER_BYTES = 28;
/** Version 2's header: mirrored, count, and the king squares' buckets. */
const INPUT_BUCKETS_BYTES = 8 + 64;
const MAX_INPUT_BUCKETS = 32;

export interface Network {
  readonly hidden: number;
  /** Which input weights each view's pieces use (features.ts). */
  readonly inputs: InputBuckets;
  readonly qa: number;
  readonly qb: number;
  /** Centipawns per unit of the network's output. */
  readonly scale: number;
  /** Hidden weights: feature * hidden + neuron (input bucket × INPUTS + featureOf). */
  readonly inputWeights: Int16Array;
  readonly hiddenBias: Int16Array;
  /** Output buckets: 32 pieces or fewer in equal steps, see bucketOf. */
  readonly buckets: number;
  /** Per bucket, the side to move's view's neurons, then the other view's. */
  readonly outputWeights: Int16Array;
  readonly outputBias: Int32Array;
}

/** The output bucket of a position with `pieces` pieces on the board (2 … 32). */
export function bucketOf(pieces: number, buckets: number): number {
  const bucket = ((pieces - 2) * buckets / 31) | 0;
  return bucket < 0 ? 0 : bucket >= buckets ? buckets - 1 : bucket;
}

/** Reads a network file; throws an Error naming what is wrong with it. */
export function parseNetwork(bytes: Uint8Array): Network {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < HEADER_BYTES || view.getUint32(0, true) !== MAGIC) throw new Error('not a chessbot network file (no CBNN header)');
  const version = view.getUint32(4, true);
  if (version !== PLAIN_VERSION && version !== BUCKETED_VERSION) {
    throw new Error(`network file version ${version}, expected ${PLAIN_VERSION} or ${BUCKETED_VERSION}`);
  }
  const hidden = view.getUint32(8, true);
  const qa = view.getUint32(12, true);
  const qb = view.getUint32(16, true);
  const scale = view.getUint32(20, true);
  const buckets = view.getUint32(24, true);
  if (hidden < 1 || hidden > 4096 || qa < 1 || qb < 1 || scale < 1 || buckets < 1 || buckets > 32) {
    throw new Error(`network header out of range (hidden ${hidden}, QA ${qa}, QB ${qb}, scale ${scale}, buckets ${buckets})`);
  }
  let at = HEADER_BYTES;
  let inputs = PLAIN_INPUTS;
  if (version === BUCKETED_VERSION) {
    if (bytes.byteLength < HEADER_BYTES + INPUT_BUCKETS_BYTES) throw new Error('network file ends inside its input buckets');
    const mirrored = view.getUint32(at, true);
    const count = view.getUint32(at + 4, true);
    const kingBucket = bytes.slice(at + 8, at + INPUT_BUCKETS_BYTES);
    if (mirrored > 1 || count < 1 || count > MAX_INPUT_BUCKETS || kingBucket.some((b) => b >= count)) {
      throw new Error(`network input buckets out of range (mirrored ${mirrored}, count ${count}, squares' buckets up to ${Math.max(...kingBucket)})`);
    }
    inputs = { mirrored: mirrored === 1, count, kingBucket };
    at += INPUT_BUCKETS_BYTES;
  }
  // From the header as read: a version-2 file of the plain layout is still read whole.
  const expected = at + weightBytes(hidden, buckets, inputs);
  if (bytes.byteLength !== expected) {
    throw new Error(`network file is ${bytes.byteLength} bytes, expected ${expected} for ${hidden} hidden neurons and ${buckets} buckets`);
  }
  const int16s = (count: number): Int16Array => {
    const values = new Int16Array(count);
    for (let i = 0; i < count; i++, at += 2) values[i] = view.getInt16(at, true);
    return values;
  };
  const inputWeights = int16s(inputs.count * INPUTS * hidden);
  const hiddenBias = int16s(hidden);
  const outputWeights = int16s(2 * hidden * buckets);
  const outputBias = new Int32Array(buckets);
  for (let i = 0; i < buckets; i++, at += 4) outputBias[i] = view.getInt32(at, true);
  return { hidden, inputs, qa, qb, scale, inputWeights, hiddenBias, buckets, outputWeights, outputBias };
}

/** Bytes after the header: the weights and biases. */
function weightBytes(hidden: number, buckets: number, inputs: InputBuckets): number {
  return 2 * (inputs.count * INPUTS * hidden + hidden + 2 * hidden * buckets) + 4 * buckets;
}

/** The file bytes of `network` (for the trainer): version 1 for the plain layout, else 2. */
export function serializeNetwork(network: Network): Uint8Array {
  const { hidden, buckets, inputs } = network;
  const plain = isPlain(inputs);
  const bytes = new Uint8Array(HEADER_BYTES + (plain ? 0 : INPUT_BUCKETS_BYTES) + weightBytes(hidden, buckets, inputs));
  const view = new DataView(bytes.buffer);
  [MAGIC, plain ? PLAIN_VERSION : BUCKETED_VERSION, hidden, network.qa, network.qb, network.scale, buckets]
    .forEach((value, i) => view.setUint32(4 * i, value, true));
  let at = HEADER_BYTES;
  if (!plain) {
    view.setUint32(at, inputs.mirrored ? 1 : 0, true);
    view.setUint32(at + 4, inputs.count, true);
    bytes.set(inputs.kingBucket, at + 8);
    at += INPUT_BUCKETS_BYTES;
  }
  for (const values of [network.inputWeights, network.hiddenBias, network.outputWeights]) {
    for (let i = 0; i < values.length; i++, at += 2) view.setInt16(at, values[i], true);
  }
  for (let i = 0; i < buckets; i++, at += 4) view.setInt32(at, network.outputBias[i], true);
  return bytes;
}
