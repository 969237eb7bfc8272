import type { ReactNode } from 'react';
import { Empty } from 'antd';
import './components.css';
import { NOT_INSURED_MESSAGES } from '@hall/shared/contracts/define.ts';
import { appConfig } from '../lib/config';
import type { LoginType } from '../lib/storage';

/**
 * Where the hall's insured status comes from, as the system works (docs/decisions.md, "Insured means the bureau's file says so", "Uninsured users read their own"):
 * the medical-insurance bureau's 参保登记 file, loaded by the city union's staff when the bureau
 * sends it (no fixed schedule, not a live link); the flags change with the load, and the portal
 * reads them again at the next login.
 */
export const insuredHint = (loginType: LoginType, city = appConfig.cityName) =>
  loginType === 'unit'
    ? `参保信息以医保局的参保登记数据为准，由${city}总工会在收到医保局报送的数据后导入本大厅（不是实时同步）。请先到参保地医疗保障经办机构办理单位医保参保登记；市总工会导入包含本单位的参保数据后，重新登录即可办理互助业务。如有疑问，请联系上级工会或${city}总工会。`
    : `参保信息以医保局的参保登记数据为准，由${city}总工会在收到医保局报送的数据后导入本大厅（不是实时同步）。请由所在单位到参保地医疗保障经办机构办理医保参保登记；市总工会导入包含您的参保数据后，重新登录即可使用。如有疑问，请联系所在单位工会或${city}总工会。`;

/**
 * What a needInsured page shows when the unit or person has no active medical-insurance
 * registration (R49): the reason, worded as the server's refusal (NOT_INSURED_MESSAGES), where
 * the registry comes from, and (`extra`) what stays open. The layout shows it for every
 * needInsured route (layout/InsuredGuard.tsx).
 */
export function InsuredEmpty({ loginType, extra }: { loginType: LoginType; extra?: ReactNode }) {
  return (
    <Empty
      className="insured-empty"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <div role="status">
          <div className="insured-empty__reason">{NOT_INSURED_MESSAGES[loginType]}</div>
          <div className="insured-empty__hint">{insuredHint(loginType)}</div>
          {extra ? <div className="insured-empty__open">{extra}</div> : null}
        </div>
      }
    />
  );
}
