import { Empty } from 'antd';
import './components.css';
import type { LoginType } from '../lib/storage';

export const INSURED_MESSAGES: Record<LoginType, string> = {
  unit: '您的单位尚未办理医保参保登记，暂不能使用本功能',
  personal: '您尚未办理医保参保登记，暂不能使用本功能',
};

/**
 * What a needInsured page shows when the unit or person has no active medical-insurance
 * registration (R49): the reason, instead of an empty table.
 */
export function InsuredEmpty({ loginType }: { loginType: LoginType }) {
  return (
    <Empty
      className="insured-empty"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <div role="status">
          <div className="insured-empty__reason">{INSURED_MESSAGES[loginType]}</div>
          <div className="insured-empty__hint">参保登记请咨询当地医疗保障经办机构，办理完成后重新登录即可使用。</div>
        </div>
      }
    />
  );
}
