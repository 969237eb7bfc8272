/**
 * Resolves in a later task of the page, so that the work after it does not lengthen the current
 * one: `scheduler.yield()` where the browser has it (the continuation goes before other queued
 * tasks), else a message to a channel of our own (not clamped like a nested setTimeout).
 */
export function nextTask(): Promise<void> {
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
