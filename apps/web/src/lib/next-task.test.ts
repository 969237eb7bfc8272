import { afterEach, describe, expect, it, vi } from 'vitest';

/** The module afresh (its first paint is module state), with the frames run by hand. */
async function withFrames() {
  vi.resetModules();
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => frames.push(run));
  const { nextTask } = await import('./next-task');
  const paint = () => {
    for (const run of frames.splice(0)) run(performance.now());
  };
  return { nextTask, paint, frames };
}

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => {
    done = true;
  });
  await new Promise((r) => setTimeout(r, 20));
  return done;
};

describe('where a call waits before its own work', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the first paint on the first screen, then only for a task of its own', async () => {
    const { nextTask, paint, frames } = await withFrames();
    const first = nextTask();
    const second = nextTask();
    expect(frames).toHaveLength(1); // one frame awaited by every call of the first screen
    expect(await settled(first)).toBe(false);
    paint();
    expect(await settled(first)).toBe(true);
    expect(await settled(second)).toBe(true);
    const later = nextTask();
    expect(frames).toHaveLength(0);
    expect(await settled(later)).toBe(true);
  });

  it('does not wait for a paint in a hidden tab', async () => {
    const { nextTask, frames } = await withFrames();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    expect(await settled(nextTask())).toBe(true);
    expect(frames).toHaveLength(0);
  });
});
