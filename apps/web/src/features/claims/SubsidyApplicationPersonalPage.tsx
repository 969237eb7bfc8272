import { FilerHome } from './components/FilerHome';
import './claims.css';

/** /subsidy-application-personal 补助申请 (the worker, for themself): new, drafts, returned. */
export default function SubsidyApplicationPersonalPage() {
  return (
    <div className="claims-page page-wide" data-testid="subsidy-application-personal-page">
      <p className="claim-hint claims-page__intro">
        您本人申请的补助由所在单位审核后，转上级工会或市总工会审核；审核通过后发放到您登记的银行卡。出院两年内可以申请。
      </p>
      <FilerHome filer="personal" />
    </div>
  );
}
