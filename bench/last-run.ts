/**
 * The figures of the last run, so each printed figure shows its change (issue 31: a change that costs speed is seen
 * in the note that makes it). Every figure printed through `vsLast` is written to bench/results/figures.json at once,
 * over the last run's values of the same names; parts not run this time keep theirs.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './servers';

const FILE = path.join(repoRoot, 'bench', 'results', 'figures.json');

type Figures = Record<string, number>;
let last: Figures | undefined;
const measured: Figures = {};

function lastFigures(): Figures {
  if (last === undefined) {
    try {
      last = JSON.parse(readFileSync(FILE, 'utf8')) as Figures;
    } catch {
      last = {};
    }
  }
  return last;
}

/** The change from the last run's value of `key`, as "+12%" ("new" when there is none); records `value`. */
export function changeSinceLast(key: string, value: number): string {
  const before = lastFigures()[key];
  if (!Number.isFinite(value)) return 'n/a';
  measured[key] = value;
  mkdirSync(path.dirname(FILE), { recursive: true });
  writeFileSync(FILE, `${JSON.stringify({ ...lastFigures(), ...measured }, null, 2)}\n`);
  if (before === undefined) return 'new';
  if (before === 0) return value === 0 ? '±0%' : 'was 0';
  const change = Math.round(((value - before) / Math.abs(before)) * 100);
  return `${change > 0 ? '+' : change === 0 ? '±' : ''}${change}%`;
}

/** " (last 209, +12%)" beside a printed figure: the last run's value and the change. */
export function vsLast(key: string, value: number, digits = 0): string {
  const before = lastFigures()[key];
  const change = changeSinceLast(key, value);
  return before === undefined ? ' (first run)' : ` (last ${before.toFixed(digits)}, ${change})`;
}
