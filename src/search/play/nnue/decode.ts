// Turns base64 text embedded in the source back into bytes: the network's weights
// (defaultNetwork.ts) and its WebAssembly kernels (kernels.ts).

import { type Network, parseNetwork } from './network.ts';

export function base64Bytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function decodeNetwork(base64: string): Network {
  return parseNetwork(base64Bytes(base64));
}
