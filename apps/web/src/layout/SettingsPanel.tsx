import { Drawer, Switch } from 'antd';
import { useSettingsStore, type LayoutSettings } from '../stores/settings';

const SWITCHES: Array<{ key: keyof LayoutSettings; label: string }> = [
  { key: 'fixedHeader', label: '固定头部' },
  { key: 'sidebarLogo', label: '侧边栏 Logo' },
];

/** 显示设置 (R15): layout switches, remembered in local storage. Loaded when first opened. */
export default function SettingsPanel({ open, onClose }: { open: boolean; onClose(): void }) {
  const settings = useSettingsStore();
  return (
    <Drawer title="显示设置" placement="right" open={open} onClose={onClose} size={280} data-testid="settings-panel">
      {SWITCHES.map(({ key, label }) => (
        <label key={key} className="settings-row">
          <span>{label}</span>
          <Switch checked={Boolean(settings[key])} onChange={(checked) => settings.change(key, checked)} aria-label={label} />
        </label>
      ))}
    </Drawer>
  );
}
