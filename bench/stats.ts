// Small timing helpers for the benchmarks (wall clock, high resolution).
export function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/** Runs `fn` `runs` times after `warmup` runs and returns each run's milliseconds. */
export function timeRuns(fn: () => void, runs: number, warmup = 3): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = now();
    fn();
    out.push(now() - t);
  }
  return out;
}

export const round = (x: number, digits = 3): number => Number(x.toFixed(digits));
