import { lazy, Suspense, useEffect, useState } from 'react';
import { Emblem } from '../components/Emblem';
import { useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import { whenIdle } from '../lib/idle';
import { useFeatureFlags } from '../lib/feature-flags';

const loadDrawer = () => import('./SidebarDrawer');
const SidebarDrawer = lazy(loadDrawer);
const loadMenu = () => import('./SidebarMenu');
const SidebarMenu = lazy(loadMenu);
// A desktop shows the menu at once: its fetch starts as the layout's code arrives, not at the first render.
if (useAppStore.getState().device === 'desktop') void loadMenu();

/**
 * The logo (a setting) and the menu. The menu (antd's Menu, its icons) is a chunk of its own, off
 * the phone's first screen: a phone fetches it with the drawer when idle; a desktop starts
 * fetching it with the layout's code and the sidebar keeps its width while it comes.
 */
function SidebarContent({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const sidebarLogo = useSettingsStore((state) => state.sidebarLogo);
  // The menu's feature flags are asked with the layout, while the menu's code comes (as when the
  // menu was part of it): a session ended elsewhere meets this call, not a later one.
  useFeatureFlags();
  return (
    <>
      {sidebarLogo ? (
        <div className="sidebar-logo" data-testid="sidebar-logo">
          <Emblem size={28} />
          {collapsed ? null : <span>医疗互助服务大厅</span>}
        </div>
      ) : null}
      <Suspense fallback={null}>
        <SidebarMenu collapsed={collapsed} onNavigate={onNavigate} />
      </Suspense>
    </>
  );
}

/**
 * The sidebar (R15, R34): 230px, collapsible to icons on desktop (remembered in a cookie);
 * under 992px a drawer that starts closed and closes after a choice.
 */
export function Sidebar() {
  const opened = useAppStore((state) => state.sidebarOpened);
  const device = useAppStore((state) => state.device);
  const closeSidebar = useAppStore((state) => state.closeSidebar);

  if (device === 'mobile') return <MobileSidebar opened={opened} onClose={closeSidebar} />;
  return (
    <aside className={opened ? 'app-sidebar' : 'app-sidebar app-sidebar--collapsed'} data-testid="sidebar" data-opened={opened}>
      <SidebarContent collapsed={!opened} />
    </aside>
  );
}

/**
 * The drawer starts closed, so the first screen neither waits for its chunk nor mounts it: it is
 * fetched when the page is idle and mounted at the first opening (a lazy component that suspends
 * in the first render held the whole layout, and the page's calls, for one more round trip).
 */
function MobileSidebar({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  useEffect(
    () =>
      whenIdle(() => {
        void loadDrawer();
        void loadMenu();
      }),
    [],
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SidebarDrawer open={opened} onClose={onClose}>
        <SidebarContent collapsed={false} onNavigate={onClose} />
      </SidebarDrawer>
    </Suspense>
  );
}
