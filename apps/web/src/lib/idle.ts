/** Runs `run` when the page is idle (after the first screen's work), or in 1.5 s where the browser has no idle callback. */
export function whenIdle(run: () => void) {
  const idle = window.requestIdleCallback ?? ((next: () => void) => window.setTimeout(next, 1500));
  idle(run);
}
