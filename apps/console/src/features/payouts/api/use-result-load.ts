import { useState } from 'react';
import type { UploadState } from '@hall/client/upload.ts';
import { toast } from '../../../lib/feedback';
import { type PayoutResult, sendResult } from './bank-file';

/** The server's limit on a result file (lib/upload.ts FILE_UPLOAD). */
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * The bank's result of a batch, written at once (a file of a few lines per batch: no staged preview;
 * the drawer asks first): the type and size checked, the bytes sent while it goes up, then the
 * report. A refusal of the server (rows that do not match, with their numbers) was shown by the
 * request client; the report stays empty.
 */
export function useResultLoad(batchNo: string, onLoaded: () => void) {
  const [progress, setProgress] = useState<UploadState | null>(null);
  const [report, setReport] = useState<PayoutResult | null>(null);
  async function load(file: File) {
    if (!/\.(xlsx|csv)$/i.test(file.name)) return toast.warning('请选择 .xlsx 或 .csv 文件', 5);
    if (file.size > MAX_BYTES) return toast.warning('银行回执不能超过 10MB', 5);
    setReport(null);
    setProgress({ sent: 0, size: file.size });
    try {
      setReport(await sendResult(batchNo)(file, (e) => setProgress({ sent: e.loaded, size: e.total ?? file.size })));
      onLoaded();
    } catch {
      // Shown by the request client.
    } finally {
      setProgress(null);
    }
  }
  return { load, progress, loading: progress !== null, report };
}
