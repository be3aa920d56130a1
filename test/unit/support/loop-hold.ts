// How long work holds the event loop, measured by what RAN on the loop's thread, not
// by the wall clock. A 5 ms interval ticks while the work runs; the hold is the
// longest stretch between two ticks, in the main thread's own CPU time (Linux:
// /proc/thread-self/schedstat, nanoseconds). On a loaded machine (CI at load 14 on
// 2 cores) a thread that runs nothing still waits hundreds of ms for a core between
// ticks, so a wall-clock gap measures the machine; CPU time on the loop thread is the
// product's work, and a product that holds the loop for 300 ms shows 300 ms here at
// any load (GC on the main thread counts too: it is the product's allocation).
//
// Limits: the kernel updates a running thread's total at scheduler ticks (a few ms of
// resolution), and a synchronous WAIT (sync I/O on a slow disk, Atomics.wait) costs
// wall time but little CPU: compare `wallMs` when that matters. Where schedstat is
// missing (not Linux) the clock falls back to wall time, and `clock` says so.
import * as fs from 'node:fs';

const SCHEDSTAT = '/proc/thread-self/schedstat';

function threadCpuMs(): number | null {
  try {
    const ns = Number(fs.readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]);
    return Number.isFinite(ns) ? ns / 1e6 : null;
  } catch {
    return null;
  }
}

export type LoopClockKind = 'loop-thread-cpu' | 'wall';

/** The clock holds are measured on: the loop thread's CPU time where the kernel tells it, else wall time. */
export const loopClock: { kind: LoopClockKind; now: () => number } =
  threadCpuMs() === null
    ? { kind: 'wall', now: () => performance.now() }
    : { kind: 'loop-thread-cpu', now: () => threadCpuMs() ?? 0 };

if (loopClock.kind === 'wall')
  console.log(`# loop-hold: ${SCHEDSTAT} unreadable here; event-loop holds are measured in wall time (load-sensitive)`);

export interface LoopHold<T> {
  value: T;
  /** Longest stretch between interval ticks, on `loopClock`. */
  holdMs: number;
  /** The same stretch's longest wall-clock gap (for messages: load shows here). */
  wallMs: number;
  clock: LoopClockKind;
}

/** Runs `work` and reports the longest time it held the event loop. */
export async function measureLoopHold<T>(work: () => Promise<T>): Promise<LoopHold<T>> {
  let last = loopClock.now();
  let lastWall = performance.now();
  let holdMs = 0;
  let wallMs = 0;
  const tick = () => {
    const now = loopClock.now();
    const wall = performance.now();
    holdMs = Math.max(holdMs, now - last);
    wallMs = Math.max(wallMs, wall - lastWall);
    last = now;
    lastWall = wall;
  };
  const timer = setInterval(tick, 5);
  try {
    const value = await work();
    tick();
    return { value, holdMs, wallMs, clock: loopClock.kind };
  } finally {
    clearInterval(timer);
  }
}
