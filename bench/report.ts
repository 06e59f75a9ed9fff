/** Prints one measured figure against its target with the ratio (figure / target). */
export function report(name: string, value: number, target: number, unit: string): boolean {
  const ratio = value / target;
  const verdict = ratio <= 1 ? 'meets target' : 'MISSES target';
  console.log(
    `${name.padEnd(34)} ${value.toFixed(unit === 'ms' ? 0 : 1).padStart(8)} ${unit.padEnd(3)} target <= ${target} ${unit}  ratio ${ratio.toFixed(2)}  ${verdict}`,
  );
  return ratio <= 1;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
