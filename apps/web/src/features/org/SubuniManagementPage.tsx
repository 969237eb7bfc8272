import { SubordinatePage } from './components/SubordinatePage';

/** /subuni-management 下属分会管理 (93 unions): the branch unions and their authorization. */
export default function SubuniManagementPage() {
  return <SubordinatePage kind="93" />;
}
