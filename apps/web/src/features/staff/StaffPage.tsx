import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { DownloadOutlined, PlusOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { ExportButton } from '../../components/ExportButton';
import { Panel } from '../../components/Panel';
import { UnitBusinessBar } from '../../components/UnitBusinessBar';
import { useUnitReadOnly } from '../../lib/user-info';
import { type StaffFilterInput, useExportStaff } from './api/export-staff';
import { StagedImportButton, StagedImportModal, useStagedImport } from '../../components/staged-import/StagedImport';
import { downloadRosterTemplate } from './api/roster-template';
import { staffKey, type StaffItem, type StaffPageQuery, useStaffPage } from './api/staff-page';
import { rosterImport } from './components/roster-import';
import { LeaveModal } from './components/LeaveModal';
import { useFeatureFlags } from '../../lib/feature-flags-page';
import { StaffFilterBar } from './components/StaffFilterBar';
import { StaffFormDrawer } from './components/StaffFormDrawer';
import { StaffTable } from './components/StaffTable';
import { useReopenedBatch } from './use-reopened-batch';
import './staff.css';
import { totalText } from '../../lib/pagination';

interface Pager {
  pageNum: number;
  pageSize: number;
  afterId?: number;
  beforeId?: number;
}

/**
 * /mutual-aid-staff-management (互助人员管理): the unit's staff with filters that stay (the page
 * is kept alive), pages that step by keyset, add and edit in a drawer, 减员 one by one or for the
 * selected rows, the roster template and import (upload → preview → confirm; a preview left
 * unconfirmed reopens from the to-do through `?batch=`), export.
 */
export default function StaffPage() {
  const client = useQueryClient();
  const readOnly = useUnitReadOnly();
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
  const roster = useStagedImport(rosterImport);
  useReopenedBatch(roster.setPreview);
  const exporting = useExportStaff();

  const refresh = useCallback(() => {
    setSelected([]);
    void client.invalidateQueries({ queryKey: staffKey });
  }, [client]);

  const search = (next: StaffFilterInput) => {
    setFilter(next);
    setPager((p) => ({ pageNum: 1, pageSize: p.pageSize }));
    setSelected([]);
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

  const total = page.data?.totlCnt ?? 0;
  const capped = page.data?.totlCntCapped === true;
  const filtered = Object.values(filter).some((v) => v !== undefined && v !== 'current');
  return (
    <div className="staff-page" data-testid="staff-page">
      <UnitBusinessBar />
      <Panel title="互助人员管理">
        <StaffFilterBar onSearch={search} />

        <div className="list-toolbar">
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
                <StagedImportButton state={roster} label="导入名单" testId="staff-import" />
              </>
            )}
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void downloadRosterTemplate().catch(() => undefined)}
              data-testid="staff-template"
            >
              下载模板
            </Button>
            <ExportButton exporting={exporting} input={filter} disabled={!total} testId="staff-export" />
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
          <span className="list-toolbar__total">{totalText(total, capped, '人')}</span>
        </div>

        <StaffTable
          page={page}
          pager={pager}
          filtered={filtered}
          readOnly={readOnly}
          selection={batchOn && !readOnly ? { selected, onChange: setSelected } : undefined}
          onTurn={turn}
          onFirstPage={() => setPager((p) => ({ pageNum: 1, pageSize: p.pageSize }))}
          onEdit={(r) => setDrawer({ open: true, editing: r })}
          onLeave={(r) => setLeaving([r])}
        />
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
      <StagedImportModal state={roster} onImported={refresh} />
    </div>
  );
}
