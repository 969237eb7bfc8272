import { useEffect, useState } from 'react';
import { AutoComplete, Button, Input, Modal } from 'antd';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { useNavigate } from 'react-router';
import { opsAdminCalls } from '@hall/shared/contracts/ops-admin.ts';
import { useMayCall } from '../../lib/operator-may';
import { type SearchHit, useSearch } from './api/search';
import { HitDrawer } from './components/HitDrawer';
import './search.css';

const GROUPS: Array<{ kind: SearchHit['kind']; label: string }> = [
  { kind: 'claim', label: '补助申请' },
  { kind: 'application', label: '互助申请' },
  { kind: 'unit', label: '单位' },
  { kind: 'person', label: '职工' },
];

/** A keyword settles 300 ms after the last key (or at once on Enter) before it is asked. */
function useSettled(text: string, ms = 300) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return [settled, setSettled] as const;
}

/**
 * The header's search box (issue 19): an application or claim number, a unit by account, credit
 * code or name, a person by ID number or name. The hits drop down by kind; a claim opens in
 * 补助审核, the rest in a small drawer.
 */
export function GlobalSearch({ compact }: { compact?: boolean }) {
  const maySearch = useMayCall(opsAdminCalls.opsSearch);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [settled, settleNow] = useSettled(text.trim());
  const search = useSearch(settled.length >= 2 || /^\d/.test(settled) ? settled : '');
  const [hit, setHit] = useState<SearchHit | null>(null);
  const [asking, setAsking] = useState(false);
  if (!maySearch) return null;

  const hits = search.data ?? [];
  const options = GROUPS.flatMap((group) => {
    const found = hits.filter((one) => one.kind === group.kind);
    return found.length
      ? [
          {
            label: group.label,
            options: found.map((one) => ({
              value: `${one.kind}:${one.id}`,
              label: (
                <div className="search-hit" data-testid={`hit-${one.kind}-${one.id}`}>
                  <span className="search-hit__title">{one.title}</span>
                  <span className="search-hit__subtitle">{one.subtitle}</span>
                </div>
              ),
            })),
          },
        ]
      : [];
  });
  const open = (value: string) => {
    const chosen = hits.find((one) => `${one.kind}:${one.id}` === value);
    if (!chosen) return;
    setText('');
    setAsking(false);
    if (chosen.kind === 'claim') navigate(`/claims?open=${chosen.id}`);
    else setHit(chosen);
  };
  const empty = settled && !search.isFetching && search.isSuccess && hits.length === 0;

  const box = (
    <AutoComplete
      className={compact ? 'global-search global-search--compact' : 'global-search'}
      value={text}
      options={options}
      onChange={setText}
      onSelect={open}
      notFoundContent={search.isFetching ? '正在查找…' : empty ? '没有找到' : null}
      popupMatchSelectWidth={compact ? 300 : 360}
    >
      <Input.Search
        placeholder="申请号、单位、身份证号或姓名"
        aria-label="全局查找"
        allowClear
        autoFocus={compact}
        onSearch={(value) => settleNow(value.trim())}
        data-testid="global-search"
      />
    </AutoComplete>
  );

  // On a phone the header has no room for the box: a button opens it in a dialog.
  return (
    <>
      {compact ? (
        <>
          <Button
            type="text"
            icon={<SearchOutlined />}
            aria-label="全局查找"
            onClick={() => setAsking(true)}
            data-testid="global-search-open"
          />
          <Modal open={asking} title="全局查找" footer={null} onCancel={() => setAsking(false)} destroyOnHidden>
            {box}
          </Modal>
        </>
      ) : (
        box
      )}
      <HitDrawer hit={hit} onClose={() => setHit(null)} />
    </>
  );
}
