import type { ReactNode } from 'react';
import { Button, Result, Skeleton, Space } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadFailed } from '../../components/LoadFailed';
import { GuardedButton } from '../../components/GuardedButton';
import { Panel } from '../../components/Panel';
import { useFeatureFlag } from '../../lib/feature-flags-page';
import './archive.css';

/**
 * The frame of both 互助档案 pages: 打印 (the /print sheet) and 导出Excel, the loading, error and
 * feature-off states. While the flag is off the page says so (the menu has no entry then) and the
 * archive is not asked.
 */
export function ArchiveFrame<A>({
  title,
  testId,
  printKind,
  onExport,
  useArchive,
  render,
}: {
  title: string;
  testId: string;
  printKind: string;
  onExport: () => Promise<unknown>;
  /** The archive's query, asked once the flag is known to be on. */
  useArchive(enabled: boolean): UseQueryResult<A>;
  render(archive: A): ReactNode;
}) {
  const navigate = useNavigate();
  const flag = useFeatureFlag('archives');
  const query = useArchive(flag.ready && flag.on);
  const ready = !!query.data;
  if (flag.ready && !flag.on)
    return (
      <Panel title={title} className="page-wide" testId={testId}>
        <Result status="info" title="互助档案功能暂未开放" subTitle="如需查询历年互助记录，请使用互助待遇查询与补助记录查询。" />
      </Panel>
    );
  return (
    <Panel
      title={title}
      className="page-wide"
      testId={testId}
      extra={
        <Space wrap>
          <Button
            icon={<PrinterOutlined />}
            disabled={!ready}
            onClick={() => navigate(`/print?kind=${printKind}`)}
            data-testid="archive-print"
          >
            打印
          </Button>
          <GuardedButton icon={<DownloadOutlined />} disabled={!ready} onClick={onExport} data-testid="archive-export">
            导出Excel
          </GuardedButton>
        </Space>
      }
    >
      {!flag.ready || query.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : query.error ? (
        <LoadFailed title="互助档案加载失败" error={query.error} retry={() => void query.refetch()} />
      ) : query.data ? (
        render(query.data)
      ) : null}
    </Panel>
  );
}
