// The tuner writes weights.ts back in the same layout: with the weights unchanged, the text it
// would write is the file as it stands, so a tuning run's diff shows only the values it moved.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WEIGHTS_PATH, formatWeights } from '../../bench/tune/weightsFile.ts';
import { PARAMS, TERMS } from '../../src/search/play/evalParams.ts';

describe('the tuner\'s weights file', () => {
  it('reproduces weights.ts from the current weights', () => {
    expect(formatWeights()).toBe(readFileSync(WEIGHTS_PATH, 'utf8'));
  });

  it('writes changed values, rounded, in their term', () => {
    const values = Float64Array.from(PARAMS);
    const tempo = TERMS.find((term) => term.name === 'tempo')!;
    values[tempo.at] = 12.6;
    expect(formatWeights(values)).toContain('  tempo: [13],\n');
  });
});
