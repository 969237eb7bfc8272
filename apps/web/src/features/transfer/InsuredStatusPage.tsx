import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import { INSURED_STATUS_LABELS } from '@hall/shared/personal-labels.ts';
import { GuardedButton } from '../../components/GuardedButton';
import { Panel } from '../../components/Panel';
import { ChoiceFilter, TextFilter } from '../../components/FilterBar';
import { optionsOf, pagedList, TransferFilters, useListState } from './list-parts';
import { exportInsuredStatus, type StatusItem, useInsuredStatus } from './api/insured-status';
import './transfer.css';

interface Filters {
  name?: string;
  certNo?: string;
  status?: 'active' | 'inactive' | 'none';
}

const COLORS: Record<string, string> = { active: 'success', inactive: 'warning', none: 'default' };
const COLUMNS: ColumnsType<StatusItem> = [
  { title: '姓名', dataIndex: 'name', width: 100 },
  { title: '身份证号码', dataIndex: 'certNo', width: 180 },
  { title: '性别', dataIndex: 'gender', width: 60 },
  {
    title: '医保参保状态',
    dataIndex: 'statusLabel',
    width: 130,
    render: (label: string, r) => <Tag color={COLORS[r.status]}>{label}</Tag>,
  },
  { title: '参保日期', dataIndex: 'since', width: 120, render: (v: string | null) => v ?? '—' },
  { title: '加入本单位日期', dataIndex: 'joinedOn', width: 130 },
];

/**
 * /transfer/insured-status-query 医保参保状态查询 (breadcrumb 业务查询): the unit's current staff and
 * their status in the medical-insurance bureau's registry, filtered, exported to Excel.
 */
export default function InsuredStatusPage() {
  const { filters, page, setPage, search } = useListState<Filters>(20);
  const list = useInsuredStatus({ ...filters, ...page });
  return (
    <div className="transfer-page" data-testid="insured-status-page">
      <Panel
        title="医保参保状态查询"
        extra={
          <GuardedButton
            icon={<DownloadOutlined />}
            onClick={() => exportInsuredStatus(filters, '医保参保状态.xlsx')}
            data-testid="status-export"
          >
            导出
          </GuardedButton>
        }
      >
        <TransferFilters<Filters>
          testId="status-search"
          onSearch={(v) =>
            search({ name: v.name?.trim() || undefined, certNo: v.certNo?.trim() || undefined, status: v.status || undefined })
          }
        >
          <TextFilter label="姓名" name="name" maxLength={50} placeholder="姓名" />
          <TextFilter label="身份证号码" name="certNo" maxLength={18} placeholder="前几位即可" />
          <ChoiceFilter
            label="参保状态"
            name="status"
            style={{ width: 130 }}
            options={optionsOf(INSURED_STATUS_LABELS)}
            data-testid="status-filter"
          />
        </TransferFilters>
        <Table<StatusItem>
          rowKey="staffId"
          columns={COLUMNS}
          size="small"
          scroll={{ x: 720 }}
          data-testid="status-table"
          {...pagedList(list, page, setPage, '没有符合条件的职工', '人')}
        />
      </Panel>
    </div>
  );
}
