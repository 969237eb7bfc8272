import { TreatmentList } from './components/TreatmentList';

/** /mutual-aid-treatment-query-personal (互助待遇查询): the person's own treatments, totals, details and export. */
export default function TreatmentPersonalPage() {
  return <TreatmentList mode="personal" />;
}
