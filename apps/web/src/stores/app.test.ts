import { afterEach, describe, expect, it, vi } from 'vitest';

/** A browser whose width answers `(max-width: 991px)` with `phone`. */
function widthIs(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query === '(max-width: 991px)',
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

describe('the device at start-up', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('is mobile under 992px before the first render, the drawer closed', async () => {
    widthIs(true);
    const { useAppStore } = await import('./app');
    expect(useAppStore.getState()).toMatchObject({ device: 'mobile', sidebarOpened: false });
  });

  it('is desktop from 992px, the sidebar as remembered (open by default)', async () => {
    widthIs(false);
    const { useAppStore } = await import('./app');
    expect(useAppStore.getState()).toMatchObject({ device: 'desktop', sidebarOpened: true });
  });
});
