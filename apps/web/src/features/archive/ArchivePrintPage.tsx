import { Result, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { PrintSheet } from '../../components/PrintSheet';
import { PersonalArchiveDocument, UnitArchiveDocument } from './ArchiveDocuments';
import { usePersonalArchive, useUnitArchive } from './api/archive';
import './archive.css';

/** /print?kind=archive-personal | archive-unit: the 互助档案 on an A4 sheet. */
export default function ArchivePrintPage() {
  const [search] = useSearchParams();
  const personal = search.get('kind') === 'archive-personal';
  const personalQuery = usePersonalArchive(personal);
  const unitQuery = useUnitArchive(!personal);
  const query = personal ? personalQuery : unitQuery;
  const title = personal ? '个人互助档案' : '单位互助档案';
  return (
    <PrintSheet title={title} printable={!!query.data} back={personal ? '/mutual-aid-archive-personal' : '/mutual-aid-archive'}>
      <h1 className="print-doc__title">{personal ? '职工医疗互助个人档案' : '职工医疗互助单位档案'}</h1>
      {query.isLoading ? (
        <Skeleton active />
      ) : query.error ? (
        <Result status="warning" title="互助档案加载失败" subTitle={query.error instanceof Error ? query.error.message : undefined} />
      ) : personalQuery.data && personal ? (
        <PersonalArchiveDocument archive={personalQuery.data} />
      ) : unitQuery.data && !personal ? (
        <UnitArchiveDocument archive={unitQuery.data} />
      ) : null}
    </PrintSheet>
  );
}
