import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Empty, Form, Input, Select, Space, Table, Tag, Tooltip, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, ExportOutlined, PlusOutlined, UploadOutlined, UserDeleteOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { ROSTER_FILE_MAX_BYTES, ROSTER_TOO_LARGE } from '@hall/shared/constants.ts';
import { PSN_TYPE_LABELS } from '@hall/shared/enrolment/index.ts';
import { STAFF_MESSAGES } from '@hall/shared/staff/index.ts';
import { Panel } from '../../components/Panel';
import { WIDE_SCREENS_ONLY } from '../../components/table-layout';
import { UnitBusinessBar } from '../../components/UnitBusinessBar';
import { useUnitReadOnly } from '../../lib/user-info';
import { toast } from '../../lib/feedback';
import { exportStaff, type StaffFilterInput } from './api/export-staff';
import { importRoster, rosterRowsRead } from './api/import-roster';
import { useStagedUpload } from '../../components/staged-import/StagedImport';
import { downloadRosterTemplate } from './api/roster-template';
import { staffKey, type StaffItem, type StaffPageQuery, useStaffPage } from './api/staff-page';
import { ImportPreviewModal } from './components/ImportPreviewModal';
import { LeaveModal } from './components/LeaveModal';
import { useFeatureFlags } from '../../lib/feature-flags-page';
import { StaffFormDrawer } from './components/StaffFormDrawer';
import { useReopenedBatch } from './use-reopened-batch';
import './staff.css';
import '../../lib/dayjs-zh';
import { serverPaging, totalText } from '../../lib/pagination';

interface FilterValues {
  name?: string;
  certNo?: string;
  psnType?: string;
  state?: 'current' | 'left';
  joined?: [Dayjs | null, Dayjs | null] | null;
}

interface Pager {
  pageNum: number;
  pageSize: number;
  afterId?: number;
  beforeId?: number;
}

const PSN_OPTIONS = Object.entries(PSN_TYPE_LABELS).map(([value, label]) => ({ value, label }));
const STATE_OPTIONS = [
  { value: 'current', label: '在职' },
  { value: 'left', label: '已减员' },
];

function toFilter(v: FilterValues): StaffFilterInput {
  const text = (s?: string) => (s?.trim() ? s.trim() : undefined);
  return {
    name: text(v.name),
    certNo: text(v.certNo)?.toUpperCase(),
    psnType: v.psnType || undefined,
    state: v.state || undefined,
    joinedFrom: v.joined?.[0]?.format('YYYY-MM-DD'),
    joinedTo: v.joined?.[1]?.format('YYYY-MM-DD'),
  };
}

const ROSTER_TYPES = ['.xlsx', '.csv'];

/**
 * /mutual-aid-staff-management (互助人员管理): the unit's staff with filters that stay (the page
 * is kept alive), pages that step by keyset, add and edit in a drawer, 减员 one by one or for the
 * selected rows, the roster template and import (upload → preview → confirm; a preview left
 * unconfirmed reopens from the to-do through `?batch=`), export.
 */
export default function StaffPage() {
  const client = useQueryClient();
  const readOnly = useUnitReadOnly();
  const [form] = Form.useForm<FilterValues>();
  const [filter, setFilter] = useState<StaffFilterInput>({ state: 'current' });
  const [pager, setPager] = useState<Pager>({ pageNum: 1, pageSize: 10 });
  const query: StaffPageQuery = { ...filter, ...pager };
  const page = useStaffPage(query);
  const rows = page.data?.list ?? [];
  const [selected, setSelected] = useState<StaffItem[]>([]);
  // 批量操作 (flag batch, spec §9: hidden by default): the row selection and 批量减员.
  const { batch: batchOn } = useFeatureFlags();
  const [drawer, setDrawer] = useState<{ open: boolean; editing: StaffItem | null }>({ open: false, editing: null });
  const [leaving, setLeaving] = useState<StaffItem[]>([]);
  const { upload: send, uploading, progress, preview, setPreview } = useStagedUpload(importRoster, rosterRowsRead);
  useReopenedBatch(setPreview);
  const [exporting, setExporting] = useState(false);

  const refresh = useCallback(() => {
    setSelected([]);
    void client.invalidateQueries({ queryKey: staffKey });
  }, [client]);

  const search = (values: FilterValues) => {
    setFilter(toFilter(values));
    setPager((p) => ({ pageNum: 1, pageSize: p.pageSize }));
    setSelected([]);
  };
  const reset = () => {
    form.resetFields();
    search({ state: 'current' });
  };

  /** A neighbouring page steps by keyset from the rows on screen; any other page goes by number. */
  const turn = (pageNum: number, pageSize: number) => {
    setSelected([]);
    if (pageSize !== pager.pageSize) return setPager({ pageNum: 1, pageSize });
    if (rows.length && pageNum === pager.pageNum + 1) return setPager({ pageNum, pageSize, afterId: Number(rows[rows.length - 1].id) });
    if (rows.length && pageNum === pager.pageNum - 1) return setPager({ pageNum, pageSize, beforeId: Number(rows[0].id) });
    setPager({ pageNum, pageSize });
  };

  const closeDrawer = useCallback(() => setDrawer({ open: false, editing: null }), []);

  async function upload(file: File) {
    const name = file.name.toLowerCase();
    if (!ROSTER_TYPES.some((ext) => name.endsWith(ext))) return toast.warning(STAFF_MESSAGES.fileType, 5);
    if (file.size > ROSTER_FILE_MAX_BYTES) return toast.warning(ROSTER_TOO_LARGE, 5);
    await send(file);
  }

  async function exportList() {
    setExporting(true);
    try {
      await exportStaff(filter);
    } catch {
      // 下载失败：… was shown.
    } finally {
      setExporting(false);
    }
  }

  const columns: ColumnsType<StaffItem> = [
    { title: '姓名', dataIndex: 'name', width: 96, fixed: 'left' },
    { title: '身份证号码', dataIndex: 'certNo', width: 176 },
    { title: '性别', dataIndex: 'genderLabel', width: 60 },
    // The birth date comes from the ID number, the join date is in the edit form: a 1366 px screen
    // leaves them there (table-layout.ts).
    { title: '出生日期', dataIndex: 'birthDate', width: 110, responsive: WIDE_SCREENS_ONLY },
    { title: '人员类别', dataIndex: 'psnTypeLabel', width: 100 },
    { title: '联系电话', dataIndex: 'phone', width: 120, render: (v: string) => v || '无' },
    {
      title: '银行卡',
      key: 'bank',
      width: 200,
      render: (_, r) => (r.bankCard ? <span title={r.bankName}>{`${r.bankName} ${r.bankCard}`}</span> : '无'),
    },
    { title: '入职日期', dataIndex: 'joinedOn', width: 110, responsive: WIDE_SCREENS_ONLY },
    {
      title: '状态',
      key: 'state',
      width: 120,
      render: (_, r) =>
        r.state === 'left' ? (
          <Tooltip title={`减员原因：${r.leaveReason ?? '无'}`}>
            <Tag>已减员 {r.leftOn}</Tag>
          </Tooltip>
        ) : (
          <Tag color="green">在职</Tag>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_, r) =>
        r.state === 'left' || readOnly ? (
          <span className="staff-muted">—</span>
        ) : (
          <Space size={4}>
            <Button type="link" size="small" onClick={() => setDrawer({ open: true, editing: r })} data-testid={`edit-${r.id}`}>
              编辑
            </Button>
            <Button type="link" size="small" danger onClick={() => setLeaving([r])} data-testid={`leave-${r.id}`}>
              减员
            </Button>
          </Space>
        ),
    },
  ];

  const total = page.data?.totlCnt ?? 0;
  const capped = page.data?.totlCntCapped === true;
  const filtered = Object.values(filter).some((v) => v !== undefined && v !== 'current');
  return (
    <div className="staff-page" data-testid="staff-page">
      <UnitBusinessBar />
      <Panel title="互助人员管理">
        <Form
          form={form}
          layout="inline"
          className="staff-filter"
          initialValues={{ state: 'current' }}
          onFinish={search}
          data-testid="staff-filter"
        >
          <Form.Item label="姓名" name="name">
            <Input allowClear maxLength={30} placeholder="姓名开头的字" data-testid="filter-name" />
          </Form.Item>
          <Form.Item label="身份证号码" name="certNo">
            <Input allowClear maxLength={18} placeholder="完整的18位号码" data-testid="filter-certNo" />
          </Form.Item>
          <Form.Item label="人员类别" name="psnType">
            <Select allowClear options={PSN_OPTIONS} placeholder="全部" className="staff-filter__select" data-testid="filter-psnType" />
          </Form.Item>
          <Form.Item label="状态" name="state">
            <Select allowClear options={STATE_OPTIONS} placeholder="全部" className="staff-filter__select" data-testid="filter-state" />
          </Form.Item>
          <Form.Item label="入职日期" name="joined">
            <DatePicker.RangePicker allowEmpty={[true, true]} placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" data-testid="filter-search">
                查询
              </Button>
              <Button onClick={reset}>重置</Button>
            </Space>
          </Form.Item>
        </Form>

        <div className="staff-toolbar">
          <Space wrap>
            {readOnly ? null : (
              <>
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setDrawer({ open: true, editing: null })}
                  data-testid="staff-add"
                >
                  新增
                </Button>
                <Upload accept=".xlsx,.csv" showUploadList={false} beforeUpload={(file) => (void upload(file), false)} disabled={uploading}>
                  <Button icon={<UploadOutlined />} loading={uploading} data-testid="staff-import">
                    {uploading ? '正在检查名单…' : '导入名单'}
                  </Button>
                </Upload>
              </>
            )}
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void downloadRosterTemplate().catch(() => undefined)}
              data-testid="staff-template"
            >
              下载模板
            </Button>
            <Button
              icon={<ExportOutlined />}
              loading={exporting}
              onClick={() => void exportList()}
              disabled={!total}
              data-testid="staff-export"
            >
              导出
            </Button>
            {batchOn && !readOnly ? (
              <Button
                danger
                icon={<UserDeleteOutlined />}
                disabled={!selected.length}
                onClick={() => setLeaving(selected)}
                data-testid="staff-batch-leave"
              >
                批量减员{selected.length ? `（${selected.length}）` : ''}
              </Button>
            ) : null}
          </Space>
          <span className="staff-toolbar__total">{totalText(total, capped, '人')}</span>
        </div>

        {page.isError && !page.data ? (
          <Alert
            type="warning"
            showIcon
            message="人员名单加载失败"
            description={(page.error as Error)?.message}
            action={
              <Space direction="vertical">
                <Button size="small" onClick={() => void page.refetch()}>
                  重新加载
                </Button>
                <Button size="small" onClick={() => setPager((p) => ({ pageNum: 1, pageSize: p.pageSize }))}>
                  回到第一页
                </Button>
              </Space>
            }
          />
        ) : (
          <Table<StaffItem>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={page.isFetching}
            scroll={{ x: 'max-content' }}
            data-testid="staff-table"
            rowSelection={
              batchOn && !readOnly
                ? {
                    selectedRowKeys: selected.map((r) => r.id),
                    onChange: (_keys, chosen) => setSelected(chosen),
                    getCheckboxProps: (r) => ({ disabled: r.state === 'left', 'aria-label': `选择：${r.name}` }),
                  }
                : undefined
            }
            locale={{
              emptyText: (
                <Empty
                  description={
                    page.isLoading
                      ? '正在加载…'
                      : filtered
                        ? '没有符合条件的人员，请调整查询条件'
                        : '本单位还没有互助人员，可“新增”或“导入名单”'
                  }
                />
              ),
            }}
            pagination={serverPaging({
              pageNum: page.data?.pageNum ?? pager.pageNum,
              pageSize: pager.pageSize,
              total,
              capped,
              unit: '人',
              onChange: turn,
            })}
          />
        )}
      </Panel>

      <StaffFormDrawer
        open={drawer.open}
        editing={drawer.editing}
        onClose={closeDrawer}
        onSaved={() => {
          closeDrawer();
          refresh();
        }}
      />
      <LeaveModal
        targets={leaving}
        onClose={() => setLeaving([])}
        onDone={() => {
          setLeaving([]);
          refresh();
        }}
      />
      <ImportPreviewModal
        preview={preview}
        progress={progress}
        onClose={() => setPreview(null)}
        onImported={() => {
          setPreview(null);
          refresh();
        }}
      />
    </div>
  );
}
