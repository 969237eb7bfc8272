import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Form, Input, Modal, Select, Space, Table, Tag, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, ExportOutlined, NotificationOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { AUTHORIZATION_LABELS, NOTIFICATION_LABELS } from '@hall/shared/codes/labels.ts';
import { Panel } from '../../../components/Panel';
import { AuthorizationStatus, NotificationStatus } from '../../../components/StatusLabels';
import { WIDE_SCREENS_ONLY } from '../../../components/table-layout';
import { toast } from '../../../lib/feedback';
import { serverPaging } from '../../../lib/pagination';
import { exportSubs, type SubFilterInput } from '../api/export-subs';
import { type SubItem, subKey, useSubPage } from '../api/sub-page';
import { notifySub, notifySubs, setSubAccount, setSubAuthorization } from '../api/sub-writes';
import { downloadSubTemplate, importSubs } from '../api/sub-import';
import { useStagedUpload } from '../../../components/staged-import/StagedImport';
import { SubFormDrawer } from './SubFormDrawer';
import { SubImportModal } from './SubImportModal';
import '../org.css';

type Kind = '92' | '93';

interface FilterValues {
  name?: string;
  uscc?: string;
  notifyState?: string;
  authState?: string;
  accountState?: string;
}

const NOTIFY_OPTIONS = Object.entries(NOTIFICATION_LABELS).map(([value, label]) => ({ value, label }));
const AUTH_OPTIONS = Object.entries(AUTHORIZATION_LABELS).map(([value, label]) => ({ value, label }));
const ACCOUNT_OPTIONS = [
  { value: 'active', label: '正常' },
  { value: 'disabled', label: '已停用' },
];

const text = (s?: string) => (s?.trim() ? s.trim() : undefined);
const toFilter = (v: FilterValues): SubFilterInput => ({
  name: text(v.name),
  uscc: text(v.uscc)?.toUpperCase(),
  notifyState: v.notifyState || undefined,
  authState: v.authState || undefined,
  accountState: (v.accountState || undefined) as SubFilterInput['accountState'],
});

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
  const [form] = Form.useForm<FilterValues>();
  const [filter, setFilter] = useState<SubFilterInput>({});
  const [pager, setPager] = useState({ pageNum: 1, pageSize: 10 });
  const page = useSubPage({ ...filter, ...pager });
  const rows = page.data?.list ?? [];
  const total = page.data?.totlCnt ?? 0;
  const [selected, setSelected] = useState<SubItem[]>([]);
  const [drawer, setDrawer] = useState<{ open: boolean; editing: SubItem | null }>({ open: false, editing: null });
  const [authorizing, setAuthorizing] = useState<SubItem | null>(null);
  const [exporting, setExporting] = useState(false);
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
  const search = (values: FilterValues) => {
    setFilter(toFilter(values));
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
      onOk: async () => {
        try {
          if (items.length === 1) await notifySub(items[0].id);
          else toast.success(`已通知 ${(await notifySubs(items.map((i) => i.id))).notified} 家企业`);
          if (items.length === 1) toast.success('已通知');
          refresh();
        } catch {
          // shown by the request client
        }
      },
    });

  const toggleAccount = (r: SubItem) =>
    modal.confirm({
      title: r.accountState === 'active' ? `停用 ${r.name} 的账号？` : `启用 ${r.name} 的账号？`,
      content: r.accountState === 'active' ? '停用后该账号不能登录，已登录的会话立即结束。' : '启用后该账号可重新登录。',
      okText: r.accountState === 'active' ? '停用' : '启用',
      okButtonProps: { danger: r.accountState === 'active' },
      onOk: async () => {
        try {
          await setSubAccount(r.id, r.accountState !== 'active');
          toast.success(r.accountState === 'active' ? '账号已停用' : '账号已启用');
          refresh();
        } catch {
          // shown
        }
      },
    });

  async function exportList() {
    setExporting(true);
    try {
      await exportSubs(filter, kind === '92' ? '下属企业' : '下属分会');
    } catch {
      // 下载失败：… was shown.
    } finally {
      setExporting(false);
    }
  }

  const columns: ColumnsType<SubItem> = [
    { title: '单位账号', dataIndex: 'uact', width: 120, fixed: 'left' },
    { title: `${noun}名称`, dataIndex: 'name', width: 200, ellipsis: true },
    // In the edit drawer too; a 1366 px screen leaves it there (table-layout.ts).
    { title: '统一社会信用代码', dataIndex: 'uscc', width: 180, responsive: WIDE_SCREENS_ONLY },
    { title: '联系人', dataIndex: 'contactName', width: 80, render: (v: string) => v || '无' },
    { title: '联系电话', dataIndex: 'contactPhone', width: 120, render: (v: string) => v || '无' },
    kind === '92'
      ? { title: '通知状态', key: 'notify', width: 110, render: (_, r) => <NotificationStatus value={r.notifyState} /> }
      : { title: '授权状态', key: 'auth', width: 120, render: (_, r) => <AuthorizationStatus value={r.authState} /> },
    {
      title: '账号状态',
      key: 'account',
      width: 90,
      render: (_, r) => (r.accountState === 'active' ? <Tag color="green">正常</Tag> : <Tag>已停用</Tag>),
    },
    {
      title: '操作',
      key: 'actions',
      width: 210,
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setDrawer({ open: true, editing: r })} data-testid={`sub-edit-${r.uact}`}>
            编辑
          </Button>
          {kind === '92' && (r.notifyState === '0' || r.notifyState === '2') ? (
            <Button type="link" size="small" onClick={() => notify([r])} data-testid={`sub-notify-${r.uact}`}>
              通知申报
            </Button>
          ) : null}
          {kind === '93' ? (
            <Button
              type="link"
              size="small"
              danger={r.authState === '1'}
              onClick={() => setAuthorizing(r)}
              data-testid={`sub-auth-${r.uact}`}
            >
              {r.authState === '2' ? '恢复授权' : '解除授权'}
            </Button>
          ) : null}
          <Button
            type="link"
            size="small"
            danger={r.accountState === 'active'}
            onClick={() => toggleAccount(r)}
            data-testid={`sub-account-${r.uact}`}
          >
            {r.accountState === 'active' ? '停用' : '启用'}
          </Button>
        </Space>
      ),
    },
  ];

  const notifiable = selected.filter((r) => r.notifyState === '0' || r.notifyState === '2');
  return (
    <div className="org-page page-wide" data-testid="org-page">
      <Panel title={title}>
        <Form form={form} layout="inline" className="org-filter" onFinish={search} data-testid="org-filter">
          <Form.Item label={`${noun}名称`} name="name">
            <Input allowClear maxLength={50} data-testid="filter-name" />
          </Form.Item>
          <Form.Item label="统一社会信用代码" name="uscc">
            <Input allowClear maxLength={18} data-testid="filter-uscc" />
          </Form.Item>
          {kind === '92' ? (
            <Form.Item label="通知状态" name="notifyState">
              <Select allowClear placeholder="全部" options={NOTIFY_OPTIONS} className="org-filter__select" data-testid="filter-notify" />
            </Form.Item>
          ) : (
            <Form.Item label="授权状态" name="authState">
              <Select allowClear placeholder="全部" options={AUTH_OPTIONS} className="org-filter__select" data-testid="filter-auth" />
            </Form.Item>
          )}
          <Form.Item label="账号状态" name="accountState">
            <Select allowClear placeholder="全部" options={ACCOUNT_OPTIONS} className="org-filter__select" data-testid="filter-account" />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" data-testid="filter-search">
                查询
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  search({});
                }}
              >
                重置
              </Button>
            </Space>
          </Form.Item>
        </Form>

        <div className="org-toolbar">
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
                disabled={!notifiable.length}
                onClick={() => notify(notifiable)}
                data-testid="sub-notify-batch"
              >
                批量通知申报{notifiable.length ? `（${notifiable.length}）` : ''}
              </Button>
            ) : null}
            <Button
              icon={<ExportOutlined />}
              loading={exporting}
              disabled={!total}
              onClick={() => void exportList()}
              data-testid="sub-export"
            >
              导出
            </Button>
          </Space>
          <span className="org-toolbar__total">共 {total} 家</span>
        </div>

        {page.isError && !page.data ? (
          <Alert
            type="warning"
            showIcon
            title={`${noun}列表加载失败`}
            action={
              <Button size="small" onClick={() => void page.refetch()}>
                重新加载
              </Button>
            }
          />
        ) : (
          <Table<SubItem>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={page.isFetching}
            scroll={{ x: 'max-content' }}
            data-testid="org-table"
            rowSelection={
              kind === '92' ? { selectedRowKeys: selected.map((r) => r.id), onChange: (_keys, chosen) => setSelected(chosen) } : undefined
            }
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={
                    Object.values(filter).some((v) => v !== undefined)
                      ? `没有符合条件的${noun}，请调整查询条件`
                      : `尚无下属${noun}，点击“新增${noun}”开设账号`
                  }
                />
              ),
            }}
            pagination={serverPaging({
              ...pager,
              total,
              onChange: (pageNum, pageSize) => {
                setSelected([]);
                setPager(pageSize !== pager.pageSize ? { pageNum: 1, pageSize } : { pageNum, pageSize });
              },
            })}
          />
        )}
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

/** 解除授权 / 恢复授权 of a branch: a confirmation with a required reason (audited, mailed to the branch). */
function AuthorizationDialog({ target, onClose, onDone }: { target: SubItem | null; onClose(): void; onDone(): void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  const releasing = target?.authState !== '2';
  const action = releasing ? '解除授权' : '恢复授权';
  async function save({ reason }: { reason: string }) {
    if (!target) return;
    setSaving(true);
    try {
      await setSubAuthorization(target.id, releasing ? '2' : '1', reason);
      toast.success(`已${action}`);
      onDone();
      onClose();
    } catch {
      // shown
    } finally {
      setSaving(false);
    }
  }
  return (
    <Modal
      open={target !== null}
      title={target ? `${action}：${target.name}` : action}
      okText={`确认${action}`}
      okButtonProps={{ loading: saving, 'data-testid': 'auth-confirm' } as never}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Alert
        type={releasing ? 'warning' : 'info'}
        showIcon
        className="org-drawer__hint"
        title={
          releasing
            ? '解除授权后，该分会的互助申请、人员和补助业务由本会代为办理，分会只能查询。'
            : '恢复授权后，该分会自行办理业务，本会不能再代为办理。'
        }
      />
      <Form form={form} layout="vertical" onFinish={save} preserve={false}>
        <Form.Item
          label={`${action}原因`}
          name="reason"
          required
          rules={[{ required: true, whitespace: true, message: `请输入${action}原因` }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount data-testid="auth-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
