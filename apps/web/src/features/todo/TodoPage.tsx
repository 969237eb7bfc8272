import type { ReactNode } from 'react';
import { Button, Empty, Spin } from 'antd';
// Icons the layout's menu does not use, so none of them is split into a chunk the first screen shares.
import EditOutlined from '@ant-design/icons/EditOutlined';
import FileExcelOutlined from '@ant-design/icons/FileExcelOutlined';
import FileProtectOutlined from '@ant-design/icons/FileProtectOutlined';
import PayCircleOutlined from '@ant-design/icons/PayCircleOutlined';
import RollbackOutlined from '@ant-design/icons/RollbackOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import UsergroupAddOutlined from '@ant-design/icons/UsergroupAddOutlined';
import { useNavigate } from 'react-router';
import { LoadFailed } from '../../components/LoadFailed';
import { Panel } from '../../components/Panel';
import { formatDateTime } from '../../lib/format';
import { type TodoItem, useTodoList } from './api/list';
import './todo.css';

/** Per kind: its icon, what one of its things is called, and the button's words. */
const KINDS: Record<TodoItem['kind'], { icon: ReactNode; unit: string; action: string }> = {
  unpaid: { icon: <PayCircleOutlined />, unit: '份', action: '去缴费' },
  returned: { icon: <RollbackOutlined />, unit: '份', action: '去修改' },
  review: { icon: <FileProtectOutlined />, unit: '份', action: '去审核' },
  draft: { icon: <EditOutlined />, unit: '份', action: '去提交' },
  applyImport: { icon: <FileExcelOutlined />, unit: '批', action: '去确认' },
  rosterImport: { icon: <UsergroupAddOutlined />, unit: '批', action: '去确认' },
  noStaff: { icon: <UserAddOutlined />, unit: '', action: '去维护' },
  notInsured: { icon: <SafetyCertificateOutlined />, unit: '', action: '查看办事指南' },
  claimReturned: { icon: <RollbackOutlined />, unit: '份', action: '去补正' },
  claimReview: { icon: <FileProtectOutlined />, unit: '份', action: '去审核' },
  claimUnionReview: { icon: <FileProtectOutlined />, unit: '份', action: '去审核' },
  unionInfoRejected: { icon: <RollbackOutlined />, unit: '', action: '去查看' },
  transferInto: { icon: <FileProtectOutlined />, unit: '份', action: '去确认' },
};

/** A standing reminder (no staff yet, not insured) has no count worth showing. */
const isReminder = (item: TodoItem) => item.at === null && item.count <= 1;

function TodoCard({ item, onOpen }: { item: TodoItem; onOpen: () => void }) {
  const kind = KINDS[item.kind];
  return (
    <li className={item.urgent ? 'todo-card todo-card--urgent' : 'todo-card'} data-testid="todo-item" data-kind={item.kind}>
      <span className="todo-card__icon" aria-hidden="true">
        {kind.icon}
      </span>
      <div className="todo-card__body">
        <h3 className="todo-card__title">
          {item.title}
          {item.urgent ? <span className="todo-card__tag">紧急</span> : null}
        </h3>
        <p className="todo-card__detail">{item.detail}</p>
        {item.at ? (
          <time className="todo-card__time" dateTime={item.at}>
            更新于 {formatDateTime(item.at)}
          </time>
        ) : null}
      </div>
      <div className="todo-card__side">
        {isReminder(item) ? null : (
          <span className="todo-card__count">
            <strong>{item.count}</strong>
            {kind.unit}
          </span>
        )}
        <Button type={item.urgent ? 'primary' : 'default'} onClick={onOpen} data-testid="todo-open">
          {kind.action}
        </Button>
      </div>
    </li>
  );
}

/**
 * /to-list (待办事项): what waits on the signed-in user, derived on the server from the state of
 * applications, imports, staff and the insurance registry; urgent items first, each with its count
 * and a button to the page that handles it.
 */
export default function TodoPage() {
  const navigate = useNavigate();
  const query = useTodoList();
  const list = query.data ?? [];

  return (
    <Panel
      title="待办事项"
      className="page-wide todo-page"
      testId="todo-page"
      extra={
        <Button onClick={() => void query.refetch()} loading={query.isFetching && !query.isLoading} data-testid="todo-refresh">
          刷新
        </Button>
      }
    >
      {query.isError && !query.data ? (
        <LoadFailed title="待办事项加载失败" error={query.error} retry={() => void query.refetch()} />
      ) : query.isLoading ? (
        <div className="todo-loading">
          <Spin description="正在加载待办事项…" />
        </div>
      ) : list.length === 0 ? (
        <Empty className="todo-empty" description="暂无待办事项" data-testid="todo-empty" />
      ) : (
        <>
          <p className="todo-summary" data-testid="todo-summary">
            共 {list.length} 项待办{list.some((i) => i.urgent) ? `，其中 ${list.filter((i) => i.urgent).length} 项需优先处理` : ''}
          </p>
          <ul className="todo-list" aria-label="待办事项">
            {list.map((item) => (
              <TodoCard key={item.kind} item={item} onOpen={() => navigate(item.route)} />
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}
