import { ArchiveFrame } from './ArchivePage';
import { PersonalArchiveDocument, UnitArchiveDocument } from './ArchiveDocuments';
import { exportPersonalArchive, exportUnitArchive, usePersonalArchive, useUnitArchive } from './api/archive';

/*
 * Both 互助档案 pages (flag archives) in one lazy chunk, loaded through one import() of the route
 * table (each import() call site there adds its list of chunks to the first screen's bundle).
 */

/** /mutual-aid-archive-personal 个人互助档案: the person's years of mutual aid. */
export const ArchivePersonalPage = () => (
  <ArchiveFrame
    title="个人互助档案"
    testId="archive-personal-page"
    printKind="archive-personal"
    onExport={exportPersonalArchive}
    useArchive={usePersonalArchive}
    render={(archive) => <PersonalArchiveDocument archive={archive} />}
  />
);

/** /mutual-aid-archive 单位互助档案: the unit's years of mutual aid. */
export const ArchiveUnitPage = () => (
  <ArchiveFrame
    title="单位互助档案"
    testId="archive-unit-page"
    printKind="archive-unit"
    onExport={exportUnitArchive}
    useArchive={useUnitArchive}
    render={(archive) => <UnitArchiveDocument archive={archive} />}
  />
);

export { default as ArchivePrintPage } from './ArchivePrintPage';
