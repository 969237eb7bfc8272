import Cookies from 'js-cookie';
import { create } from 'zustand';
import { MOBILE_BREAKPOINT_PX } from '@hall/shared/constants.ts';

/** Cookie that remembers the sidebar (R15): '1' open, '0' closed. */
export const SIDEBAR_COOKIE = 'sidebarStatus';

export type Device = 'desktop' | 'mobile';

interface AppState {
  /** Desktop: expanded (230px) or collapsed to icons. Mobile: the drawer is open. */
  sidebarOpened: boolean;
  device: Device;
  toggleSidebar(): void;
  /** Closes without touching the remembered choice (mobile drawer, R34). */
  closeSidebar(): void;
  setDevice(device: Device): void;
}

const rememberedOpen = () => Cookies.get(SIDEBAR_COOKIE) !== '0';

/** The media query of a phone or small tablet (R15, R34: under 992px the sidebar is a closed drawer). */
export const mobileQuery = () => window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);

/**
 * The device at start-up, read before the first render: starting as desktop made every phone's
 * first render build the sidebar's antd Menu (and compute its styles) only to drop it for the
 * drawer in the next one (docs/performance.md).
 */
const startDevice = (): Device => (typeof window.matchMedia === 'function' && mobileQuery().matches ? 'mobile' : 'desktop');

export const useAppStore = create<AppState>((set, get) => ({
  sidebarOpened: startDevice() === 'desktop' && rememberedOpen(),
  device: startDevice(),
  toggleSidebar() {
    const opened = !get().sidebarOpened;
    // Only the desktop choice is remembered; the mobile drawer always starts closed.
    if (get().device === 'desktop') Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0', { path: '/', sameSite: 'strict' });
    set({ sidebarOpened: opened });
  },
  closeSidebar: () => set({ sidebarOpened: false }),
  setDevice(device) {
    if (device === get().device) return;
    // Under 992px the sidebar closes (R15); back on desktop the remembered state returns.
    set({ device, sidebarOpened: device === 'desktop' ? rememberedOpen() : false });
  },
}));

/** Re-reads the cookie (start-up, tests). */
export const resetAppStore = () => useAppStore.setState({ sidebarOpened: rememberedOpen(), device: 'desktop' });
