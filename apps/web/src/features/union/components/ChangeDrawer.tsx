import { Alert, Descriptions, Drawer, Spin, Tag } from 'antd';
import { FileList } from '../../../components/file-preview/FilePreview';
import { formatDateTime } from '../../../lib/format';
import { useUnionChange } from '../api/union-changes';
import { ChangeFields } from './ChangeFields';
import { STATE_COLORS } from './values';

/** 详情: one change record with its fields before and after, who and when, the reviewer's note. */
export function ChangeDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const query = useUnionChange(id);
  const c = query.data;
  return (
    <Drawer title="工会信息变更详情" open={id !== null} onClose={onClose} width="min(720px, 100vw)" destroyOnHidden>
      {query.isLoading ? <Spin /> : null}
      {query.isError ? <Alert type="error" showIcon title="变更记录加载失败" description={(query.error as Error).message} /> : null}
      {c ? (
        <div data-testid="change-drawer">
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="状态">
              <Tag color={STATE_COLORS[c.state]} className="union-tag">
                {c.stateLabel}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label="提交人">{c.submitter}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{formatDateTime(c.submittedAt)}</Descriptions.Item>
            <Descriptions.Item label={c.state === 'withdrawn' ? '撤回时间' : '审核时间'}>
              {c.decidedAt ? formatDateTime(c.decidedAt) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="审核人">{c.reviewer ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="审核意见">{c.reviewNote ?? '—'}</Descriptions.Item>
          </Descriptions>
          <ChangeFields change={c} />
          <h4 className="union-documents__head">证明材料</h4>
          <FileList files={c.files} empty="未提交证明材料" testId="change-documents" />
        </div>
      ) : null}
    </Drawer>
  );
}
