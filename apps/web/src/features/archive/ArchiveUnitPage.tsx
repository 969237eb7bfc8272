import { useFeatureFlag } from '../../lib/feature-flags-page';
import { ArchiveFrame } from './ArchivePage';
import { UnitArchiveDocument } from './ArchiveDocuments';
import { exportUnitArchive, useUnitArchive } from './api/archive';

/** /mutual-aid-archive 单位互助档案 (flag archives): the unit's years of mutual aid. */
export default function ArchiveUnitPage() {
  const flag = useFeatureFlag('archives');
  const query = useUnitArchive(flag.ready && flag.on);
  return (
    <ArchiveFrame
      title="单位互助档案"
      testId="archive-unit-page"
      printKind="archive-unit"
      onExport={exportUnitArchive}
      state={{ loading: !flag.ready || query.isLoading, error: query.error, retry: () => void query.refetch(), ready: !!query.data }}
    >
      {query.data ? <UnitArchiveDocument archive={query.data} /> : null}
    </ArchiveFrame>
  );
}
