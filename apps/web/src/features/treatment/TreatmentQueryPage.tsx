import { TreatmentList } from './components/TreatmentList';

/** /mutual-aid-treatment-query (互助待遇查询): the unit's staff's treatments, their totals, details and export. */
export default function TreatmentQueryPage() {
  return <TreatmentList mode="unit" />;
}
