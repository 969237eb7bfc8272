import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Layout settings of the 显示设置 panel (R15), remembered in local storage across logins. */
export interface LayoutSettings {
  /** Whether the settings button is shown at all. */
  showSettings: boolean;
  /** 固定头部: header and tag bar stay on screen while the page scrolls. */
  fixedHeader: boolean;
  /** 侧边栏 Logo: the hall's mark at the top of the sidebar. */
  sidebarLogo: boolean;
}

interface SettingsState extends LayoutSettings {
  change<K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]): void;
}

export const DEFAULT_SETTINGS: LayoutSettings = { showSettings: true, fixedHeader: true, sidebarLogo: false };

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      change: (key, value) => set({ [key]: value } as Partial<LayoutSettings>),
    }),
    { name: 'hall-settings', storage: createJSONStorage(() => localStorage) },
  ),
);
