// The engine's evaluation network, written by `npm run nnue:embed` (see the README): none yet, so
// the engine evaluates with the hand-written evaluation alone.

import type { Network } from './network.ts';

export const DEFAULT_NETWORK: Network | null = null;
