import { ClaimExaminePanel } from './components/ClaimExaminePanel';
import './claims.css';

/** 补助审核 (92 unions): the member enterprises' claims waiting for the union; shown on /apply-examine. */
export default function ClaimExaminePage() {
  return (
    <div className="claims-page page-wide" data-testid="claim-examine-page">
      <ClaimExaminePanel />
    </div>
  );
}
