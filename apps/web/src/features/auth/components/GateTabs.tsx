import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface GateTab<K extends string> {
  key: K;
  label: string;
  content: ReactNode;
}

/**
 * The two login tabs, following the WAI-ARIA tabs pattern (arrow keys move between tabs) and
 * drawn like antd's Tabs. Both panels stay mounted so a half-filled form survives a switch.
 */
export function GateTabs<K extends string>({ tabs, active, onChange }: { tabs: GateTab<K>[]; active: K; onChange(key: K): void }) {
  const id = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = (index + step + tabs.length) % tabs.length;
    onChange(tabs[next].key);
    buttons.current[next]?.focus();
  };
  return (
    <div className="gate-tabs">
      <div role="tablist" className="gate-tabs__list" aria-label="登录方式">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(el) => {
              buttons.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-${tab.key}-tab`}
            aria-controls={`${id}-${tab.key}-panel`}
            aria-selected={tab.key === active}
            tabIndex={tab.key === active ? 0 : -1}
            className={tab.key === active ? 'gate-tabs__tab gate-tabs__tab--active' : 'gate-tabs__tab'}
            onClick={() => onChange(tab.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
            data-testid={`tab-${tab.key}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${id}-${tab.key}-panel`}
          aria-labelledby={`${id}-${tab.key}-tab`}
          hidden={tab.key !== active}
          className="gate-tabs__panel"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
