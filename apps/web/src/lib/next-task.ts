/**
 * Where a call of the portal waits before its own work (sealing, axios, the XHR), so that the work
 * does not lengthen the task that asked for it (packages/client request.ts `beforeCall`):
 * - the calls of the first screen wait until the browser has painted it: the queries a screen
 *   starts as it mounts run after the commit, and the first paint of the page's content waits for
 *   none of their work (a phone's LCP and Total Blocking Time, docs/performance.md);
 * - then each call goes on in a task of its own: `scheduler.yield()` where the browser has it
 *   (the continuation goes before other queued tasks), else a message to a channel of our own.
 * A hidden tab paints nothing: its calls do not wait for a paint.
 */
let firstPaint: Promise<void> | undefined;
let painted = false;

function yieldTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** After the frame being prepared is painted: its animation frame, then a task after it. */
const afterNextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))).then(() => {
    painted = true;
  });

export function nextTask(): Promise<void> {
  const canPaint = !painted && typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible';
  if (!canPaint) return yieldTask();
  firstPaint ??= afterNextPaint();
  return firstPaint.then(yieldTask);
}
