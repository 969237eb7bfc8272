import { useState } from 'react';
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { opsAdminCalls } from '@hall/shared/contracts/ops-admin.ts';
import { OneTimePassword } from '../../components/OneTimePassword';
import { ReasonDialog } from '../../components/ReasonDialog';
import { useMayCall } from '../../lib/operator-may';
import type { Account } from './api/account-find';
import { ACTION_LABELS, type AccountAction, useAccountAction } from './api/account-act';
import { AccountDrawer } from './components/AccountDrawer';
import { FindTab } from './components/FindTab';
import { PersonsTab } from './components/PersonsTab';
import { UnionsTab } from './components/UnionsTab';
import './accounts.css';

const TABS = [
  { key: 'units', label: '单位' },
  { key: 'persons', label: '个人' },
  { key: 'find', label: '查找' },
] as const;
type Tab = (typeof TABS)[number]['key'];

/** The tab in the URL; a search of the 查找 tab (type, q) implies it. */
const tabOf = (params: URLSearchParams): Tab => {
  const tab = params.get('tab');
  if (TABS.some((t) => t.key === tab)) return tab as Tab;
  return params.has('type') || params.has('q') ? 'find' : 'units';
};

/**
 * 账号管理: 单位 (the unions as a tree of their units, with the units' authorization and
 * notification states), 个人 (workers' accounts), 查找 (any account by a keyword); filters and
 * pages in the URL. 详情 opens an account with its history; 解锁, 重置密码, 停用, 启用 each take
 * a reason (audited). The auditor reads the same page without the actions.
 */
export default function AccountsPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);
  const act = useAccountAction();
  const mayAct = useMayCall(opsAdminCalls.opsAccountUnlock);
  const [detailOf, setDetailOf] = useState<number | null>(null);
  const [acting, setActing] = useState<{ row: Account; action: AccountAction } | null>(null);
  const [password, setPassword] = useState<{ login: string; password: string } | null>(null);
  const onAct = mayAct ? (row: Account, action: AccountAction) => setActing({ row, action }) : undefined;

  return (
    <section className="console-panel" aria-labelledby="accounts-title">
      <h2 id="accounts-title" className="page-title">
        账号管理
      </h2>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={TABS.map((t) => ({ key: t.key, label: t.label }))}
        data-testid="account-tabs"
      />
      {tab === 'units' ? <UnionsTab onDetail={setDetailOf} /> : null}
      {tab === 'persons' ? <PersonsTab onDetail={setDetailOf} /> : null}
      {tab === 'find' ? <FindTab onAct={onAct} /> : null}
      <AccountDrawer accountId={detailOf} onClose={() => setDetailOf(null)} onAct={onAct} />
      <ReasonDialog
        title={acting ? `${ACTION_LABELS[acting.action]}：${acting.row.name}（${acting.row.login}）` : null}
        okText={acting ? `确认${ACTION_LABELS[acting.action]}` : ''}
        danger={acting?.action === 'disable' || acting?.action === 'reset'}
        pending={act.isPending}
        onCancel={() => setActing(null)}
        onSubmit={async (reason) => {
          if (!acting) return;
          const answer = await act.mutateAsync({ action: acting.action, accountId: acting.row.accountId, login: acting.row.login, reason });
          setActing(null);
          if (answer) setPassword(answer);
        }}
      />
      <OneTimePassword shown={password} onClose={() => setPassword(null)} />
    </section>
  );
}
