import { useState } from 'react';
import { Button, Empty } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { Panel } from '../../../components/Panel';
import { useClaimList } from '../api/claim-list';
import type { FilerRole } from '../api/roles';
import { ClaimForm } from './ClaimForm';
import { ClaimTable } from './ClaimTable';
import { useUnitReadOnly } from '../../../lib/user-info';

/**
 * The filer's side of /subsidy-application(-personal): a new claim, or its drafts and returned
 * claims to continue (a returned one shows what to fix).
 */
export function FilerHome({ filer }: { filer: FilerRole }) {
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const readOnly = useUnitReadOnly() && filer === 'unit';
  const own = filer === 'unit' ? { filedBy: 'unit' as const } : {};
  const drafts = useClaimList(filer, { ...own, state: 'draft', pageNum: 1, pageSize: 50 });
  const returned = useClaimList(filer, { ...own, state: 'returned', pageNum: 1, pageSize: 50 });
  const rows = [...(returned.data?.list ?? []), ...(drafts.data?.list ?? [])].filter((c) => filer === 'unit' || c.filedBy === 'personal');

  if (editing)
    return (
      <Panel title={editing.id === null ? '新建补助申请' : '继续办理补助申请'}>
        <ClaimForm filer={filer} claimId={editing.id} onDone={() => setEditing(null)} />
      </Panel>
    );
  return (
    <Panel
      title="补助申请"
      extra={
        readOnly ? null : (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })} data-testid="claim-new">
            新建补助申请
          </Button>
        )
      }
    >
      <p className="claim-hint">待提交的草稿与退回补正的申请在下面继续办理；已提交的申请在“补助记录查询”中查看进度。</p>
      {rows.length === 0 && !drafts.isFetching && !returned.isFetching ? (
        <Empty description="没有待提交或退回补正的补助申请。点击“新建补助申请”开始办理。" />
      ) : (
        <ClaimTable
          rows={rows}
          loading={drafts.isFetching || returned.isFetching}
          pagination={false}
          showPerson={filer === 'unit'}
          testId="claim-open-table"
          empty="没有待提交或退回补正的申请"
          onOpen={(c) => !readOnly && setEditing({ id: c.id })}
          actions={(c) =>
            readOnly ? null : (
              <Button type="link" onClick={() => setEditing({ id: c.id })}>
                {c.state === 'returned' ? '修改并重新提交' : '继续办理'}
              </Button>
            )
          }
        />
      )}
    </Panel>
  );
}
