import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Upload } from 'antd';
import { DownloadOutlined, ExportOutlined, NotificationOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Panel } from '../../../components/Panel';
import { toast } from '../../../lib/feedback';
import { type SubFilterInput, useExportSubs } from '../api/export-subs';
import { type SubItem, subKey, useSubPage } from '../api/sub-page';
import { useNotifySubs, useSetSubAccount } from '../api/sub-writes';
import { downloadSubTemplate, importSubs } from '../api/sub-import';
import { useStagedUpload } from '../../../components/staged-import/StagedImport';
import { AuthorizationDialog } from './AuthorizationDialog';
import { SubFilterBar } from './SubFilterBar';
import { SubFormDrawer } from './SubFormDrawer';
import { SubImportModal } from './SubImportModal';
import { notifiable, SubTable } from './SubTable';
import '../org.css';

type Kind = '92' | '93';

/**
 * /basic-management (92: 企业单位管理) and /subuni-management (93: 下属分会管理): the union's
 * subordinates with filters that stay (the page is kept alive), add and edit, 停用/启用, and for
 * 92 the notification (通知申报, one or several), for 93 the authorization (解除授权 / 恢复授权
 * with a reason), export to Excel.
 */
export function SubordinatePage({ kind }: { kind: Kind }) {
  const noun = kind === '92' ? '企业' : '分会';
  const title = kind === '92' ? '企业单位管理' : '下属分会管理';
  const client = useQueryClient();
  const { modal } = App.useApp();
  const [filter, setFilter] = useState<SubFilterInput>({});
  const [pager, setPager] = useState({ pageNum: 1, pageSize: 10 });
  const page = useSubPage({ ...filter, ...pager });
  const total = page.data?.totlCnt ?? 0;
  const [selected, setSelected] = useState<SubItem[]>([]);
  const [drawer, setDrawer] = useState<{ open: boolean; editing: SubItem | null }>({ open: false, editing: null });
  const [authorizing, setAuthorizing] = useState<SubItem | null>(null);
  const exporting = useExportSubs();
  const notifying = useNotifySubs();
  const switching = useSetSubAccount();
  const { upload: send, uploading, progress, preview, setPreview } = useStagedUpload(importSubs);

  async function upload(file: File) {
    const lower = file.name.toLowerCase();
    if (!lower.endsWith('.xlsx') && !lower.endsWith('.csv')) return toast.warning('请上传 .xlsx 或 .csv 格式的名单文件', 5);
    if (file.size > 5 * 1024 * 1024) return toast.warning('名单文件大小不能超过5MB', 5);
    await send(file);
  }

  const refresh = () => {
    setSelected([]);
    void client.invalidateQueries({ queryKey: subKey });
  };
  const search = (next: SubFilterInput) => {
    setFilter(next);
    setPager((p) => ({ pageNum: 1, pageSize: p.pageSize }));
    setSelected([]);
    // 查询 asks the server again even with the same filters (states change as enterprises declare).
    void client.invalidateQueries({ queryKey: subKey });
  };

  const notify = (items: SubItem[]) =>
    modal.confirm({
      title: items.length === 1 ? `通知 ${items[0].name} 办理互助申报？` : `通知所选 ${items.length} 家企业办理互助申报？`,
      content: '企业将收到站内信；状态变为“已通知”。已申报的企业不再通知。',
      okText: '通知申报',
      onOk: () =>
        notifying
          .mutateAsync(items.map((i) => i.id))
          .then(({ notified }) => {
            toast.success(items.length === 1 ? '已通知' : `已通知 ${notified} 家企业`);
            setSelected([]);
          })
          .catch(() => undefined), // shown by the request client
    });

  const toggleAccount = (r: SubItem) =>
    modal.confirm({
      title: r.accountState === 'active' ? `停用 ${r.name} 的账号？` : `启用 ${r.name} 的账号？`,
      content: r.accountState === 'active' ? '停用后该账号不能登录，已登录的会话立即结束。' : '启用后该账号可重新登录。',
      okText: r.accountState === 'active' ? '停用' : '启用',
      okButtonProps: { danger: r.accountState === 'active' },
      onOk: () =>
        switching
          .mutateAsync({ id: r.id, enabled: r.accountState !== 'active' })
          .then(() => {
            toast.success(r.accountState === 'active' ? '账号已停用' : '账号已启用');
            setSelected([]);
          })
          .catch(() => undefined), // shown by the request client
    });

  const notifiable92 = selected.filter(notifiable);
  return (
    <div className="org-page page-wide" data-testid="org-page">
      <Panel title={title}>
        <SubFilterBar kind={kind} noun={noun} onSearch={search} />

        <div className="list-toolbar">
          <Space wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ open: true, editing: null })} data-testid="sub-add">
              新增{noun}
            </Button>
            <Upload accept=".xlsx,.csv" showUploadList={false} beforeUpload={(file) => (void upload(file), false)} disabled={uploading}>
              <Button icon={<UploadOutlined />} loading={uploading} data-testid="sub-import">
                {uploading ? '正在检查名单…' : `导入${noun}`}
              </Button>
            </Upload>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void downloadSubTemplate().catch(() => undefined)}
              data-testid="sub-template"
            >
              下载模板
            </Button>
            {kind === '92' ? (
              <Button
                icon={<NotificationOutlined />}
                disabled={!notifiable92.length}
                onClick={() => notify(notifiable92)}
                data-testid="sub-notify-batch"
              >
                批量通知申报{notifiable92.length ? `（${notifiable92.length}）` : ''}
              </Button>
            ) : null}
            <Button
              icon={<ExportOutlined />}
              loading={exporting.isPending}
              disabled={!total}
              onClick={() => exporting.mutate({ filter, name: kind === '92' ? '下属企业' : '下属分会' })}
              data-testid="sub-export"
            >
              导出
            </Button>
          </Space>
          <span className="list-toolbar__total">共 {total} 家</span>
        </div>

        <SubTable
          kind={kind}
          noun={noun}
          page={page}
          pager={pager}
          filtered={Object.values(filter).some((v) => v !== undefined)}
          selected={selected}
          onSelect={setSelected}
          onTurn={(pageNum, pageSize) => {
            setSelected([]);
            setPager(pageSize !== pager.pageSize ? { pageNum: 1, pageSize } : { pageNum, pageSize });
          }}
          onEdit={(r) => setDrawer({ open: true, editing: r })}
          onNotify={(r) => notify([r])}
          onAuthorize={setAuthorizing}
          onToggleAccount={toggleAccount}
        />
      </Panel>
      <SubFormDrawer
        open={drawer.open}
        editing={drawer.editing}
        noun={noun}
        onClose={() => setDrawer({ open: false, editing: null })}
        onSaved={refresh}
      />
      <SubImportModal
        preview={preview}
        progress={progress}
        noun={noun}
        onClose={() => setPreview(null)}
        onImported={() => {
          setPreview(null);
          refresh();
        }}
      />
      <AuthorizationDialog target={authorizing} onClose={() => setAuthorizing(null)} onDone={refresh} />
    </div>
  );
}
