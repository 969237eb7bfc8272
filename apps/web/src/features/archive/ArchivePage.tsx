import type { ReactNode } from 'react';
import { Button, Result, Skeleton, Space } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { LoadFailed } from '../../components/LoadFailed';
import { GuardedButton } from '../../components/GuardedButton';
import { Panel } from '../../components/Panel';
import { useFeatureFlag } from '../../lib/feature-flags-page';
import './archive.css';

/**
 * The frame of both 互助档案 pages: 打印 (the /print sheet) and 导出Excel, the loading, error and
 * feature-off states. While the flag is off the page says so (the menu has no entry then).
 */
export function ArchiveFrame({
  title,
  testId,
  printKind,
  onExport,
  state,
  children,
}: {
  title: string;
  testId: string;
  printKind: string;
  onExport: () => Promise<unknown>;
  state: { loading: boolean; error: unknown; retry: () => void; ready: boolean };
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const flag = useFeatureFlag('archives');
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
            disabled={!state.ready}
            onClick={() => navigate(`/print?kind=${printKind}`)}
            data-testid="archive-print"
          >
            打印
          </Button>
          <GuardedButton icon={<DownloadOutlined />} disabled={!state.ready} onClick={onExport} data-testid="archive-export">
            导出Excel
          </GuardedButton>
        </Space>
      }
    >
      {state.loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : state.error ? (
        <LoadFailed title="互助档案加载失败" error={state.error} retry={state.retry} />
      ) : (
        children
      )}
    </Panel>
  );
}
