import { lazy, Suspense, useState } from 'react';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import { useLocation } from 'react-router';
import { appConfig } from '../lib/config';
import { useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import { AppBreadcrumb } from './AppBreadcrumb';
import { AppHeader } from './AppHeader';
import { AppMain } from './AppMain';
import { Sidebar } from './Sidebar';
import { TagsView } from './TagsView';
import { useCloseDrawerOnNavigate, useDeviceWatcher, useVisitedViews } from './use-layout-effects';
import './layout.css';

const SettingsPanel = lazy(() => import('./SettingsPanel'));

/** The portal layout (R14-R18): header, sidebar, tag bar, breadcrumb, kept-alive pages. */
export default function MainLayout() {
  useDeviceWatcher();
  useVisitedViews();
  useCloseDrawerOnNavigate();
  const { pathname } = useLocation();
  const device = useAppStore((state) => state.device);
  const opened = useAppStore((state) => state.sidebarOpened);
  const fixedHeader = useSettingsStore((state) => state.fixedHeader);
  const showSettings = useSettingsStore((state) => state.showSettings);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const classes = ['app-wrapper', `app-wrapper--${device}`];
  if (fixedHeader) classes.push('app-wrapper--fixed-header');
  if (device === 'desktop' && !opened) classes.push('app-wrapper--collapsed');

  return (
    <div className={classes.join(' ')} data-testid="main-layout">
      <AppHeader />
      <div className="app-body">
        <Sidebar />
        <div className="app-column">
          <div className="app-nav">
            <TagsView />
            <AppBreadcrumb pathname={pathname} />
            {/* At the end of the breadcrumb row (layout.css), where it covers nothing. */}
            {showSettings ? (
              <button
                type="button"
                className="settings-button"
                onClick={() => setSettingsOpen(true)}
                aria-label="显示设置"
                data-testid="settings-button"
              >
                <SettingOutlined />
              </button>
            ) : null}
          </div>
          <AppMain />
          {/* R18: the medical security bureau notice exists and is hidden. */}
          <footer className="app-footer" hidden>
            {appConfig.cityName}医疗保障局提示：医保参保、异地就医等业务请通过医疗保障信息平台办理。
          </footer>
        </div>
      </div>
      {settingsOpen ? (
        <Suspense fallback={null}>
          <SettingsPanel open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
