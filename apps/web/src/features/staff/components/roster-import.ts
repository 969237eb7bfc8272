import { ROSTER_FILE_MAX_BYTES, ROSTER_TOO_LARGE } from '@hall/shared/constants.ts';
import { STAFF_MESSAGES } from '@hall/shared/staff/index.ts';
import type { StagedImportKind } from '../../../components/staged-import/StagedImport';
import { toast } from '../../../lib/feedback';
import { confirmImport, discardImport, downloadImportReport, importRoster, type RosterPreview } from '../api/import-roster';

/** The roster's import (the one staged import): 确认导入 the valid rows, or 取消 (the batch is discarded). */
export const rosterImport: StagedImportKind<RosterPreview> = {
  send: importRoster,
  fileType: STAFF_MESSAGES.fileType,
  maxBytes: ROSTER_FILE_MAX_BYTES,
  tooLarge: ROSTER_TOO_LARGE,
  noun: '人',
  columns: [
    { title: '姓名', dataIndex: 'name', width: 100 },
    { title: '身份证号码', dataIndex: 'certNo', width: 180 },
  ],
  report: (preview) => downloadImportReport(preview.batchId, preview.fileName),
  discard: (preview) => discardImport(preview.batchId),
  async confirm(preview) {
    const done = await confirmImport(preview.batchId);
    toast.success(`已导入 ${done.imported} 人（新加入 ${done.added} 人，更新 ${done.updated} 人）`, 5);
  },
};
