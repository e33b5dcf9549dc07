// The time plan and billing logic run on. Always Date.now() in production; tests and the development-only clock
// page (/dev/clock) move it forward, so "after the paid period ends" can be tried without waiting a week.
//
// The offset lives on globalThis under a registered symbol rather than in a module variable: the worker runs the
// Remix build's copy of this module while tests import the source copy, and both must read the same clock.

const OFFSET = Symbol.for("nova-assistant.clock-offset-ms");
type ClockGlobal = typeof globalThis & { [OFFSET]?: number };

/** Epoch milliseconds, shifted by the offset tests or /dev/clock set. */
export function now(): number {
  return Date.now() + clockOffset();
}

export function clockOffset(): number {
  return (globalThis as ClockGlobal)[OFFSET] ?? 0;
}

/** Moves the clock `ms` ahead of real time (0 puts it back). Callers guard it: never reachable in production. */
export function setClockOffset(ms: number): void {
  if (!Number.isFinite(ms)) throw new RangeError("clock offset must be a finite number of milliseconds");
  (globalThis as ClockGlobal)[OFFSET] = ms;
}
