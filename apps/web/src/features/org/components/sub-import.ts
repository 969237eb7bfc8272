import type { StagedImportKind } from '../../../components/staged-import/StagedImport';
import { toast } from '../../../lib/feedback';
import { confirmSubImport, discardSubImport, downloadSubImportReport, importSubs, type SubImportPreview } from '../api/sub-import';

/**
 * The subordinate units' import (the one staged import): 确认导入 opens the valid rows' units and
 * sends each contact the first password; 取消 discards. `noun`: 企业 or 分会.
 */
export const subImport = (noun: string): StagedImportKind<SubImportPreview> => ({
  send: importSubs,
  fileType: '请上传 .xlsx 或 .csv 格式的名单文件',
  maxBytes: 5 * 1024 * 1024,
  tooLarge: '名单文件大小不能超过5MB',
  noun: '家',
  columns: [
    { title: '单位账号', dataIndex: 'uact', width: 120 },
    { title: '单位名称', dataIndex: 'name', width: 200 },
  ],
  report: (preview) => downloadSubImportReport(preview.batchId, preview.fileName),
  discard: (preview) => discardSubImport(preview.batchId),
  async confirm(preview) {
    const done = await confirmSubImport(preview.batchId);
    toast.success(`已导入 ${done.imported} 家${noun}，初始密码已通过短信发送至各联系人`, 5);
  },
});
