import { SubordinatePage } from './components/SubordinatePage';

/** /basic-management 企业单位管理 (92 unions, needs insured): the member enterprises. */
export default function BasicManagementPage() {
  return <SubordinatePage kind="92" />;
}
