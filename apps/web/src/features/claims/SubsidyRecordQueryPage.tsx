import { RecordQuery } from './components/RecordQuery';
import './claims.css';

/** /subsidy-record-query 补助记录查询 (unit). */
export default function SubsidyRecordQueryPage() {
  return (
    <div className="claims-page page-wide" data-testid="subsidy-record-query-page">
      <RecordQuery filer="unit" />
    </div>
  );
}
