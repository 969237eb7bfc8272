import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { DownloadOutlined, NotificationOutlined, PlusOutlined } from '@ant-design/icons';
import { ExportButton } from '../../../components/ExportButton';
import { Panel } from '../../../components/Panel';
import { toast } from '../../../lib/feedback';
import { type SubFilterInput, useExportSubs } from '../api/export-subs';
import { type SubItem, subKey, useSubPage } from '../api/sub-page';
import { useNotifySubs, useSetSubAccount } from '../api/sub-writes';
import { downloadSubTemplate } from '../api/sub-import';
import { StagedImportButton, StagedImportModal, useStagedImport } from '../../../components/staged-import/StagedImport';
import { AuthorizationDialog } from './AuthorizationDialog';
import { SubFilterBar } from './SubFilterBar';
import { SubFormDrawer } from './SubFormDrawer';
import { subImport } from './sub-import';
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
  const subs = useStagedImport(subImport(noun));

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
            <StagedImportButton state={subs} label={`导入${noun}`} testId="sub-import" />
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
            <ExportButton
              exporting={exporting}
              input={{ filter, name: kind === '92' ? '下属企业' : '下属分会' }}
              disabled={!total}
              testId="sub-export"
            />
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
      <StagedImportModal state={subs} onImported={refresh} />
      <AuthorizationDialog target={authorizing} onClose={() => setAuthorizing(null)} onDone={refresh} />
    </div>
  );
}
