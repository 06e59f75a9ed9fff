import { loadavg } from 'node:os';

/** Prints one measured figure against its target with the ratio (figure / target). */
export function report(name: string, value: number, target: number, unit: string): boolean {
  const ratio = value / target;
  const verdict = ratio <= 1 ? 'meets target' : 'MISSES target';
  console.log(
    `${name.padEnd(34)} ${value.toFixed(unit === 'ms' ? 0 : 1).padStart(8)} ${unit.padEnd(3)} target <= ${target} ${unit}  ratio ${ratio.toFixed(2)}  ${verdict}`,
  );
  return ratio <= 1;
}

/** Prints a figure that must reach at least `target` (throughput); ratio is target / figure. */
export function reportAtLeast(name: string, value: number, target: number, unit: string): boolean {
  const ratio = value > 0 ? target / value : Number.POSITIVE_INFINITY;
  const verdict = ratio <= 1 ? 'meets target' : 'MISSES target';
  console.log(
    `${name.padEnd(34)} ${value.toFixed(0).padStart(8)} ${unit.padEnd(3)} target >= ${target} ${unit}  ratio ${ratio.toFixed(2)}  ${verdict}`,
  );
  return ratio <= 1;
}

/** Prints a figure that must not change (e.g. CLS with and without the widget). */
export function reportUnchanged(
  name: string,
  without: number,
  withIt: number,
  digits = 3,
): boolean {
  const delta = withIt - without;
  const ok = Math.abs(delta) < 0.5 * 10 ** -digits;
  console.log(
    `${name.padEnd(34)} ${withIt.toFixed(digits).padStart(8)}     target = ${without.toFixed(digits)} (unchanged)  delta ${delta >= 0 ? '+' : ''}${delta.toFixed(digits)}  ${ok ? 'meets target' : 'MISSES target'}`,
  );
  return ok;
}

/** Prints a figure that has no target. */
export function reportFigure(name: string, value: number, unit: string, note = ''): void {
  console.log(
    `${name.padEnd(34)} ${value.toFixed(unit === 'ms' || unit === '/s' ? 0 : 1).padStart(8)} ${unit.padEnd(3)} ${note || 'no target'}`,
  );
}

/**
 * Prints a figure against the same figure measured another way in the same run (e.g. with and
 * without compression), with the ratio figure / baseline; no target.
 */
export function reportCompared(
  name: string,
  value: number,
  baseline: number,
  unit: string,
  baselineLabel: string,
): void {
  const digits = unit === 'ms' || unit === '/s' ? 0 : 1;
  const ratio = baseline > 0 ? value / baseline : Number.NaN;
  console.log(
    `${name.padEnd(34)} ${value.toFixed(digits).padStart(8)} ${unit.padEnd(3)} vs ${baseline.toFixed(digits)} ${unit} ${baselineLabel}  ratio ${ratio.toFixed(2)}  no target`,
  );
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The p-th percentile (0-100) of already sorted values, nearest rank. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

/** Above this 1-minute load average the 2-core machine is shared enough to skew a figure. */
export const RELIABLE_LOAD = 1.5;

/**
 * Prints the machine's load average (1, 5, 15 min) with `label`, saying when figures taken now are
 * unreliable; answers the 1-minute figure. Call it beside each group of figures.
 */
export function reportLoad(label: string): number {
  const [one = 0, five = 0, fifteen = 0] = loadavg();
  const note =
    one > RELIABLE_LOAD
      ? `UNRELIABLE: load above ${RELIABLE_LOAD}, retake on an idle machine`
      : 'reliable';
  console.log(
    `${`load average, ${label}`.padEnd(34)} ${one.toFixed(2).padStart(8)}     (5 min ${five.toFixed(2)}, 15 min ${fifteen.toFixed(2)})  ${note}`,
  );
  return one;
}

/** The load average inline, for a line that says more (reportLoad prints a line of its own). */
export function machineLoad(): string {
  const [one = 0, five = 0] = loadavg();
  const verdict = one > RELIABLE_LOAD ? `UNRELIABLE (above ${RELIABLE_LOAD})` : 'reliable';
  return `load average ${one.toFixed(2)} (5 min ${five.toFixed(2)}): ${verdict}`;
}

/** How many repetitions a bench makes: BENCH_RUNS overrides `full` (a short smoke run: 1). */
export function benchRuns(full: number): number {
  const runs = Number(process.env.BENCH_RUNS);
  return Number.isInteger(runs) && runs > 0 ? runs : full;
}
