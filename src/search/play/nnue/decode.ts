// Turns the embedded network's base64 text back into a Network (see defaultNetwork.ts).

import { type Network, parseNetwork } from './network.ts';

export function decodeNetwork(base64: string): Network {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return parseNetwork(bytes);
}
