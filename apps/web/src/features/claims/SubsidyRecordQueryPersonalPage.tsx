import { RecordQuery } from './components/RecordQuery';
import './claims.css';

/** /subsidy-record-query-personal 补助记录查询 (the worker's own claims). */
export default function SubsidyRecordQueryPersonalPage() {
  return (
    <div className="claims-page page-wide" data-testid="subsidy-record-query-personal-page">
      <RecordQuery filer="personal" />
    </div>
  );
}
