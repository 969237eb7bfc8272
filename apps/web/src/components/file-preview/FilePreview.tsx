import { useEffect, useState } from 'react';
import { Button, Modal, Result, Space, Spin } from 'antd';
import { formatSize } from '../../lib/format';
import { downloadStoredFile, storedFileBlob } from '../../lib/stored-file';
import './file-preview.css';

/** A stored file as a list names it: its id for downloadFileByID, name, type and size. */
export interface PreviewFile {
  fileId: string;
  name: string;
  mime: string;
  size: number;
  /** What the file is (a claim attachment's kind), shown before its name. */
  label?: string;
}

/** What the page can show itself: an image inline, a PDF in the browser's viewer. */
export const previewKind = (mime: string): 'image' | 'pdf' | null =>
  mime.startsWith('image/') ? 'image' : mime === 'application/pdf' ? 'pdf' : null;

type Loaded = { state: 'loading' } | { state: 'ready'; url: string } | { state: 'failed'; message: string };

/** The file's bytes as an object URL while shown (revoked after), read through downloadFileByID. */
function useObjectUrl(file: PreviewFile | null): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    if (!file || !previewKind(file.mime)) return;
    let url: string | null = null;
    let alive = true;
    setLoaded({ state: 'loading' });
    storedFileBlob(file.fileId, file.mime).then(
      (blob) => {
        if (!alive) return;
        url = URL.createObjectURL(blob);
        setLoaded({ state: 'ready', url });
      },
      (error: Error) => alive && setLoaded({ state: 'failed', message: error.message || '文件读取失败' }),
    );
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);
  return loaded;
}

function Shown({ file }: { file: PreviewFile }) {
  const loaded = useObjectUrl(file);
  const kind = previewKind(file.mime);
  if (!kind) return <Result status="info" title="该类型的文件不能在页面中查看" subTitle="请下载后查看。" />;
  if (loaded.state === 'loading')
    return (
      <div className="file-preview__loading">
        <Spin description="正在读取文件…" />
      </div>
    );
  if (loaded.state === 'failed') return <Result status="warning" title="文件读取失败" subTitle={loaded.message} />;
  return kind === 'image' ? (
    <img className="file-preview__image" src={loaded.url} alt={file.name} data-testid="file-preview-image" />
  ) : (
    <div className="file-preview__frame">
      <iframe className="file-preview__pdf" src={loaded.url} title={`预览：${file.name}`} data-testid="file-preview-pdf" />
      <p className="file-preview__note">如未显示（部分手机浏览器不能在页面中打开 PDF），请点击“下载”后查看。</p>
    </div>
  );
}

/**
 * The files of a claim or a change, shown in the page for whoever reviews them: an image inline, a
 * PDF in the browser's viewer (both from the bytes downloadFileByID answers the caller, so the
 * server's access rule holds), 上一个/下一个 through the list, 下载 for a copy.
 */
export function FilePreviewModal({
  files,
  index,
  onIndex,
  onClose,
}: {
  files: PreviewFile[];
  /** The file shown; null: closed. */
  index: number | null;
  onIndex(index: number): void;
  onClose(): void;
}) {
  const file = index === null ? null : (files[index] ?? null);
  const many = files.length > 1 && index !== null;
  return (
    <Modal
      open={file !== null}
      onCancel={onClose}
      width="min(1000px, calc(100vw - 32px))"
      centered
      destroyOnHidden
      title={file ? `${file.label ? `${file.label}：` : ''}${file.name}` : ''}
      className="file-preview"
      footer={
        file ? (
          <Space wrap>
            {many ? (
              <>
                <Button disabled={index === 0} onClick={() => onIndex(index - 1)}>
                  上一个
                </Button>
                <span className="file-preview__count">
                  {index + 1} / {files.length}
                </span>
                <Button disabled={index === files.length - 1} onClick={() => onIndex(index + 1)}>
                  下一个
                </Button>
              </>
            ) : null}
            <Button onClick={() => void downloadStoredFile(file.fileId, file.name).catch(() => undefined)}>下载</Button>
            <Button type="primary" onClick={onClose}>
              关闭
            </Button>
          </Space>
        ) : null
      }
    >
      {file ? (
        <div className="file-preview__body" data-testid="file-preview">
          <Shown key={file.fileId} file={file} />
        </div>
      ) : null}
    </Modal>
  );
}

/**
 * A list of files, each 查看 in the page (images and PDFs) and 下载: for a change's documents and
 * wherever a reviewer reads what was sent.
 */
export function FileList({ files, empty = '无', testId }: { files: PreviewFile[]; empty?: string; testId?: string }) {
  const [shown, setShown] = useState<number | null>(null);
  if (files.length === 0) return <span className="file-list__empty">{empty}</span>;
  return (
    <>
      <ul className="file-list" data-testid={testId}>
        {files.map((f, i) => (
          <li key={f.fileId} className="file-list__item">
            <Button type="link" size="small" className="file-list__name" onClick={() => setShown(i)}>
              {f.label ? `${f.label}：` : ''}
              {f.name}
            </Button>
            <span className="file-list__size">{formatSize(f.size)}</span>
            {previewKind(f.mime) ? (
              <Button size="small" onClick={() => setShown(i)} aria-label={`查看 ${f.name}`}>
                查看
              </Button>
            ) : null}
            <Button
              size="small"
              type="link"
              aria-label={`下载 ${f.name}`}
              onClick={() => void downloadStoredFile(f.fileId, f.name).catch(() => undefined)}
            >
              下载
            </Button>
          </li>
        ))}
      </ul>
      <FilePreviewModal files={files} index={shown} onIndex={setShown} onClose={() => setShown(null)} />
    </>
  );
}
