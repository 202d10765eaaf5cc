// bench/experiments/sprt.jsonl, the record of every engine change tried: each line a complete
// record, and the record and the patches beside it naming each other.

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const DIR = join(ROOT, 'bench', 'experiments');

interface Experiment {
  readonly date: string;
  readonly what: string;
  readonly sprt: string;
  readonly tc: string;
  readonly seed: number | null;
  readonly games: number;
  readonly llr: number;
  readonly elo: number | null;
  readonly error: number | null;
  readonly outcome: string;
  readonly kept: boolean | null;
  readonly patch: string | null;
  readonly base: string | null;
}

const lines = readFileSync(join(DIR, 'sprt.jsonl'), 'utf8').split('\n').filter((line) => line !== '');
const records = lines.map((line) => JSON.parse(line) as Experiment);

describe('bench/experiments/sprt.jsonl', () => {
  it('holds one complete record a line, oldest first', () => {
    expect(records.length).toBeGreaterThan(50);
    for (const record of records) {
      expect(record.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(record.what.length).toBeGreaterThan(10);
      expect(record.sprt).toMatch(/^-?\d+,-?\d+$/);
      expect(record.tc).toMatch(/^(nodes=\d+|\d+\+[\d.]+)$/);
      expect(Number.isInteger(record.games) && record.games > 0).toBe(true);
      expect(Number.isFinite(record.llr)).toBe(true);
      expect(['H0', 'H1', 'stopped']).toContain(record.outcome);
      expect(typeof record.kept).toBe('boolean');
    }
    const dates = records.map((record) => record.date);
    expect(dates).toEqual([...dates].sort());
  });

  it('names only patches that exist, each with the commit it applies to, and every patch there is named', () => {
    const named = new Set(records.flatMap((record) => (record.patch ? [record.patch] : [])));
    for (const record of records.filter((r) => r.patch !== null)) {
      expect(existsSync(join(ROOT, record.patch!)), record.patch!).toBe(true);
      expect(record.base, record.patch!).toMatch(/^[0-9a-f]{7,40}\^?$/);
    }
    const present = readdirSync(join(DIR, 'patches')).map((name) => `bench/experiments/patches/${name}`);
    expect([...named].sort()).toEqual(present.sort());
  });
});
