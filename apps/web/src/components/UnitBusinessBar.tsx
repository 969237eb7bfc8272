import { Alert, Select } from 'antd';
import { useActingFor, useActingOptions } from '../lib/acting-for';
import { useUnitReadOnly } from '../lib/user-info';
import { useSessionStore } from '../stores/session';
import './components.css';

export const READ_ONLY_BANNER = '已解除授权：本单位业务由上级工会代为办理';

/**
 * What a released branch reads on each of its business pages (read-only; the transfer pages show
 * it too, without the union's 代分会办理, which those calls do not take).
 */
export function ReadOnlyBanner() {
  return (
    <Alert
      className="unit-business-bar"
      type="warning"
      showIcon
      title={READ_ONLY_BANNER}
      description="本单位可查询业务信息；新增、修改、提交等操作请联系上级工会办理。"
      data-testid="read-only-banner"
    />
  );
}

/**
 * The head of a unit-business page (互助申请, 互助人员管理, 补助申请; issue 10):
 * - a released branch reads that its union handles its business (the page is read-only);
 * - a 93 union chooses 代分会办理: itself or one of its released branches; the page's calls then
 *   work on the branch chosen (lib/acting-state).
 */
export function UnitBusinessBar() {
  const session = useSessionStore((s) => s.session);
  const readOnly = useUnitReadOnly();
  const union93 = session?.loginType === 'unit' && session.unit.uactLevel === 1 && session.unit.uniType === '93';
  const options = useActingOptions(union93);
  const { branch, choose } = useActingFor();
  if (readOnly) return <ReadOnlyBanner />;
  if (!union93) return null;
  const branches = options.data ?? [];
  const chosen = branches.find((b) => b.uact === branch);
  return (
    <div className="unit-business-bar unit-business-bar--acting" data-testid="acting-for-bar">
      <label className="unit-business-bar__label" htmlFor="acting-for-select">
        代分会办理
      </label>
      <Select
        id="acting-for-select"
        aria-label="代分会办理"
        className="unit-business-bar__select"
        value={branch ?? ''}
        loading={options.isLoading}
        onChange={(v: string) => choose(v || null)}
        options={[{ value: '', label: '本单位' }, ...branches.map((b) => ({ value: b.uact, label: `${b.name}（已解除授权）` }))]}
        notFoundContent="暂无已解除授权的分会"
        data-testid="acting-for-select"
      />
      {chosen ? (
        <span className="unit-business-bar__note" role="status">
          正在代 {chosen.name} 办理业务
        </span>
      ) : branches.length === 0 && !options.isLoading ? (
        <span className="unit-business-bar__note">暂无已解除授权的分会</span>
      ) : null}
    </div>
  );
}
