import { useDeferredValue, useState } from 'react';
import { Select } from 'antd';
import { type UnionChoice, useUnionFind } from '../api/mail-send';

interface Props {
  id?: string;
  value?: string;
  onChange?(uact: string | undefined): void;
  /** The union chosen, with how many units the message reaches (the form says it under the field). */
  onChoose?(union: UnionChoice | undefined): void;
}

const labelOf = (u: UnionChoice) => `${u.name}（${u.uact}）`;

/** Chooses a level-1 union by its account or a part of its name: each offered with the units a message reaches. */
export function UnionPicker({ id, value, onChange, onChoose }: Props) {
  const [typed, setTyped] = useState('');
  const keyword = useDeferredValue(typed.trim());
  const found = useUnionFind(keyword);
  const unions = found.data ?? [];
  return (
    <Select<string>
      id={id}
      value={value}
      placeholder="输入工会账号或名称查找，如 lhgh92001"
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={found.isFetching}
      notFoundContent={keyword ? (found.isFetching ? '正在查找…' : '没有找到一级工会') : '输入工会账号或名称查找'}
      options={unions.map((u) => ({ value: u.uact, label: labelOf(u), units: u.units }))}
      optionRender={(option) => (
        <span>
          {option.label}
          <span style={{ color: 'rgba(0, 0, 0, 0.6)' }}> · {option.data.units} 个单位</span>
        </span>
      )}
      onChange={(uact) => {
        onChange?.(uact);
        onChoose?.(unions.find((u) => u.uact === uact));
      }}
      data-testid="message-union"
    />
  );
}
