import type { ReactNode } from 'react';
import { Button, Result, Skeleton } from 'antd';
import { DownloadOutlined, FileOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import type { FileInfo } from '@hall/shared/files/index.ts';
import { PublicFrame } from '../../components/form/PublicFrame';
import { formatDateTime, formatSize } from '../../lib/format';
import { KIND_TITLES, kindOf, listPath } from '../../lib/notices';
import { useDownloadAttachment } from './api';
import { useNoticeDetail } from './api/detail';
import './notices.css';

/** One attachment: name, size and a download through downloadFileByID (5 s, 下载失败：… on failure). */
function Attachment({ file }: { file: FileInfo }) {
  const downloading = useDownloadAttachment();
  return (
    <li className="notice-attachments__item">
      <FileOutlined className="notice-attachments__icon" />
      <span className="notice-attachments__name">{file.name}</span>
      <span className="notice-attachments__size">{formatSize(file.size)}</span>
      <Button
        type="link"
        size="small"
        icon={<DownloadOutlined />}
        loading={downloading.isPending}
        onClick={() => downloading.mutate(file)}
        data-testid="attachment-download"
        aria-label={`下载 ${file.name}`}
      >
        下载
      </Button>
    </li>
  );
}

/**
 * /gateDetail?id=…&kind=notice|policy: one notice or policy document. The text is plain and is
 * rendered paragraph by paragraph as text (never as HTML).
 */
export default function NoticeDetailPage() {
  const [search] = useSearchParams();
  const kind = kindOf(search.get('kind'));
  const id = search.get('id')?.trim() ?? '';
  const query = useNoticeDetail(kind, id);
  const back = (
    <Link to={listPath(kind)} data-testid="back-to-list">
      返回{KIND_TITLES[kind]}列表
    </Link>
  );
  const item = query.data;

  let body: ReactNode;
  if (!id || query.isError) {
    body = (
      <Result
        status="warning"
        title={!id ? '未指定要查看的内容' : (query.error as Error).message || '公告不存在或已撤回'}
        extra={<Link to={listPath(kind)}>返回{KIND_TITLES[kind]}列表</Link>}
      />
    );
  } else if (!item) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    body = (
      <article className="notice-article" data-testid="notice-article">
        <h1 className="notice-article__title">{item.title}</h1>
        <p className="notice-article__meta">
          <span>发布单位：{item.publisher}</span>
          <span>
            发布时间：<time dateTime={item.publishedAt}>{formatDateTime(item.publishedAt)}</time>
          </span>
        </p>
        <div className="notice-article__content">
          {item.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
        {item.attachments.length > 0 ? (
          <section className="notice-attachments" aria-labelledby="notice-attachments-title">
            <h3 id="notice-attachments-title">附件（{item.attachments.length}）</h3>
            <ul data-testid="attachments">
              {item.attachments.map((file) => (
                <Attachment key={file.fileId} file={file} />
              ))}
            </ul>
          </section>
        ) : null}
      </article>
    );
  }

  return (
    <PublicFrame title={KIND_TITLES[kind]} extra={back} testId="notice-detail-page">
      {body}
    </PublicFrame>
  );
}
