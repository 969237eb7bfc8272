import { useEffect, useRef, useState } from 'react';
import type { AxiosProgressEvent } from 'axios';
import type { UploadState } from '@hall/client/upload.ts';
import { toast } from '../../lib/feedback';

/** What a staged file needs of its domain: the calls (stage with progress, confirm, discard, the rows read) and the limits. */
export interface StagedFileKind<P extends { batchId: string }, R> {
  stage(file: File, onUploadProgress: (e: AxiosProgressEvent) => void, uploadId: string): Promise<P>;
  confirm(batchId: string): Promise<R>;
  discard(batchId: string): Promise<unknown>;
  rowsRead(uploadId: string): Promise<number>;
  /** The route's limit, said before sending rather than after 200 MB went up. */
  maxBytes: number;
  tooLarge: string;
}

const FILE_TYPE = '请选择 .xlsx 或 .csv 文件';
/** How often the rows read are asked while the server reads the file. */
const POLL_MS = 1000;

/**
 * A bureau file through the staged import: the type and size checked first, the bytes sent, then
 * the rows the server has read (polled under the upload's name), then the preview; 确认导入 gives
 * the load's report, 放弃 drops the preview. A refusal was shown by the request client.
 */
export function useStagedFile<P extends { batchId: string }, R>(kind: StagedFileKind<P, R>, onLoaded: (report: R) => void) {
  const [progress, setProgress] = useState<UploadState | null>(null);
  const [preview, setPreview] = useState<P | null>(null);
  const [report, setReport] = useState<R | null>(null);
  const [busy, setBusy] = useState(false);
  const polling = useRef<ReturnType<typeof setInterval> | null>(null);
  const stopPolling = () => {
    if (polling.current) clearInterval(polling.current);
    polling.current = null;
  };
  // Leaving the page stops the polls (the upload itself goes on; its preview waits in the batch).
  useEffect(
    () => () => {
      if (polling.current) clearInterval(polling.current);
    },
    [],
  );

  async function stage(file: File) {
    if (!/\.(xlsx|csv)$/i.test(file.name)) return toast.warning(FILE_TYPE, 5);
    if (file.size > kind.maxBytes) return toast.warning(kind.tooLarge, 5);
    setReport(null);
    setPreview(null);
    setProgress({ sent: 0, size: file.size });
    const uploadId = crypto.randomUUID();
    const poll = () =>
      void kind.rowsRead(uploadId).then(
        (rows) => setProgress((p) => (p && rows ? { ...p, rows } : p)),
        () => undefined,
      );
    try {
      const answer = await kind.stage(
        file,
        (e) => {
          setProgress((p) => ({ rows: p?.rows, sent: e.loaded, size: e.total ?? file.size }));
          // All sent: the server reads and checks; its rows read are asked until the preview comes.
          if (e.loaded >= (e.total ?? file.size) && !polling.current) polling.current = setInterval(poll, POLL_MS);
        },
        uploadId,
      );
      setPreview(answer);
    } catch {
      // The request client showed the refusal (missing columns, unreadable file…).
    } finally {
      stopPolling();
      setProgress(null);
    }
  }

  async function settle(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch {
      // Shown by the request client (the preview expired, another confirmation won…); the preview stays to be dropped.
    } finally {
      setBusy(false);
    }
  }
  const confirm = () =>
    settle(async () => {
      if (!preview) return;
      const answer = await kind.confirm(preview.batchId);
      setPreview(null);
      setReport(answer);
      onLoaded(answer);
    });
  const discard = () =>
    settle(async () => {
      if (!preview) return;
      await kind.discard(preview.batchId).catch(() => undefined);
      setPreview(null);
    });
  return { stage, confirm, discard, progress, preview, report, busy, reading: progress !== null };
}
