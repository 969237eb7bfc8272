import { Progress } from 'antd';
import { megabytes, percentSent, type UploadState } from '@hall/client/upload.ts';
import './file-load.css';

/**
 * The bytes sent, then what the server does with them: a staged file (`checking`: the bureau's
 * files) is read and checked, with the rows read as the server counts them; a file written at
 * once (a bank statement) is loaded.
 */
export function UploadProgress({ progress, checking = false }: { progress: UploadState | null; checking?: boolean }) {
  if (!progress) return null;
  const percent = percentSent(progress);
  const reading = percent >= 100;
  const rows = progress.rows ? `已读取 ${progress.rows.toLocaleString('zh-CN')} 行` : '请稍候';
  const after = checking ? `文件已上传，正在逐行检查：${rows}…` : '文件已上传，正在逐行导入，请稍候…';
  return (
    <div className="file-load__progress" data-testid="load-progress" role="status">
      <Progress percent={percent} status={reading ? 'active' : 'normal'} showInfo={!reading} />
      <span>{reading ? after : `正在上传 ${megabytes(progress.sent)} / ${megabytes(progress.size)} MB`}</span>
    </div>
  );
}
