import { useFeatureFlag } from '../../lib/feature-flags-page';
import { ArchiveFrame } from './ArchivePage';
import { PersonalArchiveDocument } from './ArchiveDocuments';
import { exportPersonalArchive, usePersonalArchive } from './api/archive';

/** /mutual-aid-archive-personal 个人互助档案 (flag archives): the person's years of mutual aid. */
export default function ArchivePersonalPage() {
  const flag = useFeatureFlag('archives');
  const query = usePersonalArchive(flag.ready && flag.on);
  return (
    <ArchiveFrame
      title="个人互助档案"
      testId="archive-personal-page"
      printKind="archive-personal"
      onExport={exportPersonalArchive}
      state={{ loading: !flag.ready || query.isLoading, error: query.error, retry: () => void query.refetch(), ready: !!query.data }}
    >
      {query.data ? <PersonalArchiveDocument archive={query.data} /> : null}
    </ArchiveFrame>
  );
}
