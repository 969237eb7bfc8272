import { Panel } from '../../components/Panel';
import { ReadOnlyBanner } from '../../components/UnitBusinessBar';
import { useUnitReadOnly } from '../../lib/user-info';
import { TransferHint } from './list-parts';
import { TransferTable } from './TransferTable';
import './transfer.css';

/**
 * /transfer/relationship-into-apply-register 关系转入申请 (unit accounts): transfers other units filed
 * to this one; it receives (待审核, then the city union confirms) or returns them with a reason.
 * A released branch (已解除授权) reads the list only.
 */
export default function TransferIntoPage() {
  const readOnly = useUnitReadOnly();
  return (
    <div className="transfer-page" data-testid="transfer-into-page">
      {readOnly ? <ReadOnlyBanner /> : null}
      <Panel title="关系转入申请">
        <TransferHint>
          其他单位为调入本单位的职工办理关系转出后，本单位在此确认接收（转市总工会审核）或退回；审核通过后，该职工自转移日期起计入本单位参保人员。
        </TransferHint>
        <TransferTable direction="into" readOnly={readOnly} />
      </Panel>
    </div>
  );
}
