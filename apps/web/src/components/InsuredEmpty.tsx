import { Empty } from 'antd';
import './components.css';
import { NOT_INSURED_MESSAGES } from '@hall/shared/contracts/define.ts';
import type { LoginType } from '../lib/storage';

/**
 * What to do and whom to ask: the hall learns of a registration from the medical-insurance
 * bureau's file, which the city union loads (docs/decisions.md, Enrolment).
 */
const INSURED_HINTS: Record<LoginType, string> = {
  unit: '请先到参保地医疗保障经办机构办理单位医保参保登记。登记后，本大厅在市总工会导入医保局下一期参保登记数据时自动获知，届时重新登录即可办理互助业务。如有疑问，请联系上级工会或市总工会互助保障部。',
  personal:
    '请由所在单位到参保地医疗保障经办机构办理医保参保登记。登记后，本大厅在市总工会导入医保局下一期参保登记数据时自动获知，届时重新登录即可使用。如有疑问，请联系所在单位工会或市总工会互助保障部。',
};

/**
 * What a needInsured page shows when the unit or person has no active medical-insurance
 * registration (R49): the reason, worded as the server's refusal (NOT_INSURED_MESSAGES). The
 * layout shows it for every needInsured route (layout/InsuredGuard.tsx).
 */
export function InsuredEmpty({ loginType }: { loginType: LoginType }) {
  return (
    <Empty
      className="insured-empty"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <div role="status">
          <div className="insured-empty__reason">{NOT_INSURED_MESSAGES[loginType]}</div>
          <div className="insured-empty__hint">{INSURED_HINTS[loginType]}</div>
        </div>
      }
    />
  );
}
