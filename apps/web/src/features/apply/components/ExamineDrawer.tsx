import { useState } from 'react';
import { Drawer } from 'antd';
import type { ApplicationItem } from '@hall/shared/contracts/enrolment.ts';
import { ReviewFooter } from '../../../components/ReviewFooter';
import { useExamineDetail } from '../api/examine-detail';
import { ApplicationBody } from './ApplicationView';

/** A member's application under review: its lines (paged, searchable), and the decision while it waits. */
export function ExamineDrawer({
  id,
  busy,
  onClose,
  onApprove,
  onReturn,
}: {
  id: number | null;
  busy: boolean;
  onClose(): void;
  onApprove(a: ApplicationItem): void;
  onReturn(a: ApplicationItem): void;
}) {
  const [lineQuery, setLineQuery] = useState({ pageNum: 1, pageSize: 10, keyword: '' });
  const detail = useExamineDetail(id === null ? null : { id, ...lineQuery, keyword: lineQuery.keyword || undefined });
  const data = detail.data && detail.data.application.id === id ? detail.data : undefined;
  const a = data?.application;
  return (
    <Drawer
      open={id !== null}
      onClose={() => {
        setLineQuery({ pageNum: 1, pageSize: 10, keyword: '' });
        onClose();
      }}
      size={960}
      destroyOnHidden
      title={a ? `${a.unitName} · ${a.no}` : '申请详情'}
      extra={
        a?.canReview ? <ReviewFooter returnLabel="退回" busy={busy} onApprove={() => onApprove(a)} onReturn={() => onReturn(a)} /> : null
      }
    >
      <ApplicationBody
        query={detail}
        data={data}
        onLinePage={(pageNum, pageSize) => setLineQuery((q) => ({ ...q, pageNum, pageSize }))}
        onKeyword={(keyword) => setLineQuery((q) => ({ ...q, keyword, pageNum: 1 }))}
      />
    </Drawer>
  );
}
