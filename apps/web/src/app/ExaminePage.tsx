import { Segmented } from 'antd';
import { useSearchParams } from 'react-router';
import ApplyExaminePage from '../features/apply/ApplyExaminePage';
import ClaimExaminePage from '../features/claims/ClaimExaminePage';

/**
 * /apply-examine 申请审核 (92 unions): the member enterprises' mutual-aid applications and, under
 * 补助审核 (?tab=claims), their workers' subsidy claims. Composed here: a feature imports no other.
 */
export default function ExaminePage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'claims' ? 'claims' : 'applications';
  return (
    <>
      <Segmented
        style={{ marginBottom: 12 }}
        value={tab}
        onChange={(key) => setParams(key === 'claims' ? { tab: 'claims' } : {}, { replace: true })}
        options={[
          { value: 'applications', label: '互助申请审核' },
          { value: 'claims', label: '补助审核' },
        ]}
        data-testid="examine-switch"
      />
      {tab === 'claims' ? <ClaimExaminePage /> : <ApplyExaminePage />}
    </>
  );
}
