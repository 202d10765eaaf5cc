// Writes src/search/play/weights.ts back with new values: the file's header comment is kept,
// every term keeps its name and order, and tables of eight-entry rows (piece-square tables, the
// king shelter's by file and rank) are laid out eight to a line.

import { readFileSync, writeFileSync } from 'node:fs';
import { PARAMS, TERMS } from '../../src/search/play/evalParams.ts';

export const WEIGHTS_PATH = new URL('../../src/search/play/weights.ts', import.meta.url);

/** The text of weights.ts with `values` (rounded), under the header of the file as it is. */
export function formatWeights(values: ArrayLike<number> = PARAMS): string {
  const old = readFileSync(WEIGHTS_PATH, 'utf8');
  const header = old.slice(0, old.indexOf('export const WEIGHTS'));
  let text = `${header}export const WEIGHTS = {\n`;
  for (const { name, at, length } of TERMS) {
    const term = Array.from({ length }, (_, i) => Math.round(values[at + i]));
    if (length >= 32 && length % 8 === 0) { // square tables, and tables by file and rank
      text += `  ${name}: [\n`;
      for (let row = 0; row < length / 8; row++) text += `    ${term.slice(row * 8, row * 8 + 8).join(', ')},\n`;
      text += '  ],\n';
    } else {
      text += `  ${name}: [${term.join(', ')}],\n`;
    }
  }
  return `${text}};\n`;
}

export function writeWeights(values: ArrayLike<number> = PARAMS): void {
  writeFileSync(WEIGHTS_PATH, formatWeights(values));
}
