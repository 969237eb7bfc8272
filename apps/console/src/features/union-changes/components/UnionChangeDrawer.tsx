import { Alert, Button, Descriptions, Drawer, Grid, Skeleton, Space } from 'antd';
import { chinaMinute } from '@hall/shared/china-time.ts';
import { FileTabs } from '../../../components/FileTabs';
import { fetchUnionChangeFile, unionChangeFileKey } from '../api/union-change-file';
import type { UnionChange } from '../api/union-change-list';
import { FieldDiff } from './FieldDiff';
import { StateTag } from './labels';

interface Props {
  open: boolean;
  change: UnionChange | undefined;
  error: Error | null;
  mayDecide: boolean;
  onClose(): void;
  onApprove(): void;
  onReject(): void;
}

/** One change: who sent it, before/after per field, its documents in the page, the decision. */
export function UnionChangeDrawer({ open, change, error, mayDecide, onClose, onApprove, onReject }: Props) {
  const screens = Grid.useBreakpoint();
  const footer =
    mayDecide && change?.state === 'pending' ? (
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button danger onClick={onReject} data-testid="change-reject">
          驳回
        </Button>
        <Button type="primary" onClick={onApprove} data-testid="change-approve">
          审核通过
        </Button>
      </Space>
    ) : null;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="工会信息变更"
      size={screens.lg ? 760 : '100%'}
      footer={footer}
      data-testid="union-change-drawer"
    >
      {error ? (
        <Alert type="warning" showIcon title="变更加载失败" description={error.message} />
      ) : !change ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" styles={{ label: { whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label="单位账号">{change.uact}</Descriptions.Item>
            <Descriptions.Item label="工会名称">{change.unitName}</Descriptions.Item>
            <Descriptions.Item label="提交人">{change.submitter}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{chinaMinute(change.submittedAt)}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <StateTag row={change} />
            </Descriptions.Item>
            {change.decidedAt ? <Descriptions.Item label="办理时间">{chinaMinute(change.decidedAt)}</Descriptions.Item> : null}
            {change.reviewer ? <Descriptions.Item label="审核人">{change.reviewer}</Descriptions.Item> : null}
            {change.reviewNote ? <Descriptions.Item label="审核意见">{change.reviewNote}</Descriptions.Item> : null}
          </Descriptions>
          <h3 className="union-change__title">变更内容</h3>
          <FieldDiff fields={change.fields} />
          <h3 className="union-change__title">证明材料</h3>
          <FileTabs
            empty="未附证明材料"
            files={change.files.map((file) => ({
              key: file.fileId,
              label: file.name,
              name: file.name,
              mime: file.mime,
              queryKey: unionChangeFileKey(change.id, file.fileId),
              load: () => fetchUnionChangeFile(change.id, file.fileId, file.mime),
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
