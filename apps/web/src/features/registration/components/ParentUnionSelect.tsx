import { useEffect, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import type { FirstContact } from '@hall/shared/schemas/registration.ts';
import { searchFirstContacts } from '../api';
import { useFirstContacts } from '../api/queries';

const UNI_TYPE_LABELS: Record<string, string> = { '92': '联合基层工会', '93': '行业工会' };

interface ParentUnionSelectProps {
  value?: string;
  onChange?(uact: string | undefined, union?: FirstContact): void;
  /** Name of the chosen union when the list does not hold it yet (coming back to the step). */
  knownName?: string;
  id?: string;
}

/**
 * The level-1 union (92 or 93) a unit registers under: the list of queryFirstContact, and a
 * search by name through queryFirstContactForOrg while the visitor types.
 */
export function ParentUnionSelect({ value, onChange, knownName, id }: ParentUnionSelectProps) {
  const all = useFirstContacts();
  const [found, setFound] = useState<FirstContact[] | null>(null);
  const [searching, setSearching] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef('');
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const search = (text: string) => {
    const name = text.trim();
    latest.current = name;
    window.clearTimeout(timer.current);
    if (!name) {
      setFound(null);
      setSearching(false);
      return;
    }
    setSearching(true);
    timer.current = window.setTimeout(async () => {
      try {
        const list = await searchFirstContacts(name);
        if (latest.current === name) setFound(list);
      } catch {
        if (latest.current === name) setFound([]);
      } finally {
        if (latest.current === name) setSearching(false);
      }
    }, 300);
  };

  const unions = found ?? all.data ?? [];
  const options = unions.map((u) => ({ value: u.uact, label: u.empName, union: u }));
  if (value && !options.some((o) => o.value === value) && knownName) {
    options.unshift({ value, label: knownName, union: { uact: value, empName: knownName, uniType: '' } });
  }

  return (
    <Select
      id={id}
      value={value}
      placeholder="请选择上级工会（可输入名称搜索）"
      allowClear
      loading={all.isLoading}
      showSearch={{ filterOption: false, onSearch: search }}
      onOpenChange={(open) => !open && search('')}
      notFoundContent={searching || all.isLoading ? <Spin size="small" /> : '没有找到该工会'}
      options={options}
      optionRender={(option) => (
        <div className="union-option">
          <span>{option.data.label}</span>
          {UNI_TYPE_LABELS[option.data.union.uniType] ? <small>{UNI_TYPE_LABELS[option.data.union.uniType]}</small> : null}
        </div>
      )}
      onChange={(uact: string | undefined, option) => {
        const chosen = Array.isArray(option) ? undefined : option?.union;
        onChange?.(uact, chosen);
      }}
      data-testid="parent-union"
    />
  );
}
