import type { ReactNode } from 'react';
import { Button, Descriptions, Drawer, Grid, Space, Spin } from 'antd';
import '../accounts.css';
import { chinaMinute } from '@hall/shared/china-time.ts';
import { OPERATOR_ROLE_LABELS } from '@hall/shared/operator-roles.ts';
import { EventTimeline } from '../../../components/EventTimeline';
import { LoadFailed } from '../../../components/LoadFailed';
import type { Account } from '../api/account-find';
import { ACTION_LABELS, type AccountAction } from '../api/account-act';
import { type AccountDetail, useAccountDetail } from '../api/account-lists';
import { actionsOf } from './AccountTable';
import { AccountState, AuthorizationTag, LOGIN_TYPES, NotificationTag, UNION_TYPE_LABELS } from './labels';

interface Props {
  accountId: number | null;
  onClose(): void;
  /** Absent: the operator only reads (the auditor), no buttons. */
  onAct?(account: Account, action: AccountAction): void;
}

const when = (at: string | null) => (at ? chinaMinute(at) : '无');

type Fact = { key: string; label: string; children: ReactNode };
const fact = (label: string, children: ReactNode): Fact => ({ key: label, label, children });

/** A unit's own facts: a union's type, or a level-2 unit's union and its states. */
const unitFacts = (unit: NonNullable<AccountDetail['unit']>): Fact[] => [
  fact('统一社会信用代码', unit.uscc ?? '无'),
  ...(unit.level === 1
    ? [fact('层级', `一级 · ${unit.uniType ? UNION_TYPE_LABELS[unit.uniType] : '工会'}`)]
    : [
        fact('上级工会', unit.parentName ?? '无'),
        fact('授权状态', <AuthorizationTag value={unit.authState} />),
        fact('通知状态', <NotificationTag value={unit.notifyState} />),
      ]),
  fact('参加医疗保险', unit.insured ? '是' : '否'),
];

function Facts({ detail }: { detail: AccountDetail }) {
  const { account, unit, person } = detail;
  const items: Fact[] = [
    fact('登录账号', account.login),
    fact('名称', account.name),
    fact('账号类型', LOGIN_TYPES.find((t) => t.value === account.loginType)?.label),
    fact('账号状态', <AccountState row={account} />),
    ...(account.roles.length ? [fact('角色', account.roles.map((role) => OPERATOR_ROLE_LABELS[role]).join('、'))] : []),
    ...(unit ? unitFacts(unit) : []),
    ...(person ? [fact('身份证号', person.certNo), fact('手机号', person.phone || '无')] : []),
    fact('开户时间', when(account.createdAt)),
    fact('最近登录', when(account.lastLoginAt)),
    fact('密码修改', when(account.passwordChangedAt)),
  ];
  return <Descriptions column={1} bordered size="small" styles={{ label: { width: 130 } }} items={items} data-testid="account-facts" />;
}

/**
 * One account: its facts, its unit or person (masked), its state, and its history newest first
 * (logins, failures, locks, and each operator's action with its reason); the actions its state
 * admits at the foot, for the administrator.
 */
export function AccountDrawer({ accountId, onClose, onAct }: Props) {
  const detail = useAccountDetail(accountId);
  const screens = Grid.useBreakpoint();
  const account = detail.data?.account;
  const footer =
    onAct && account ? (
      <Space wrap style={{ width: '100%', justifyContent: 'flex-end' }}>
        {actionsOf(account).map((action) => (
          <Button
            key={action}
            danger={action === 'disable' || action === 'reset'}
            type={action === 'unlock' || action === 'enable' ? 'primary' : 'default'}
            onClick={() => onAct(account, action)}
            data-testid={`drawer-${action}`}
          >
            {ACTION_LABELS[action]}
          </Button>
        ))}
      </Space>
    ) : null;
  return (
    <Drawer
      open={accountId !== null}
      onClose={onClose}
      title={account ? `账号详情：${account.name}` : '账号详情'}
      size={screens.md ? 560 : '100%'}
      footer={footer}
      data-testid="account-drawer"
    >
      {detail.isError && !detail.data ? (
        <LoadFailed what="账号详情" error={detail.error} onRetry={() => void detail.refetch()} />
      ) : !detail.data ? (
        <Spin />
      ) : (
        // Focusable, so that the drawer's body, which scrolls a long history, can be scrolled from the keyboard.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by Tab (axe scrollable-region-focusable)
        <section aria-label="账号详情与办理记录" tabIndex={0}>
          <Facts detail={detail.data} />
          <h3 className="account-detail__title">办理记录（最新在前，最多 50 条）</h3>
          <EventTimeline
            events={detail.data.history.map((h) => ({ at: h.at, actorName: h.by, fromLabel: null, toLabel: h.what, note: h.note }))}
          />
        </section>
      )}
    </Drawer>
  );
}
