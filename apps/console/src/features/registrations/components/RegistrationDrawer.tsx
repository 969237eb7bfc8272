import { Button, Descriptions, Drawer, Space } from 'antd';
import { chinaMinute } from '@hall/shared/china-time.ts';
import type { Registration } from '../api/registration-list';
import { KIND_LABELS, StatusTag } from './labels';

interface Props {
  row: Registration | null;
  onClose(): void;
  onApprove(row: Registration): void;
  onReject(row: Registration): void;
  deciding: boolean;
}

/** One registration in full; a waiting one has 驳回 and 审核通过 at its foot. */
export function RegistrationDrawer({ row, onClose, onApprove, onReject, deciding }: Props) {
  const footer =
    row?.status === 'pending' ? (
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button danger onClick={() => onReject(row)} disabled={deciding} data-testid="drawer-reject">
          驳回
        </Button>
        <Button type="primary" onClick={() => onApprove(row)} loading={deciding} data-testid="drawer-approve">
          审核通过
        </Button>
      </Space>
    ) : null;
  return (
    <Drawer open={row !== null} onClose={onClose} title="注册申请详情" size={520} footer={footer} data-testid="registration-drawer">
      {row ? (
        <Descriptions column={1} bordered size="small" labelStyle={{ width: 110 }}>
          <Descriptions.Item label="单位账号">{row.uact}</Descriptions.Item>
          <Descriptions.Item label="单位名称">{row.empName}</Descriptions.Item>
          <Descriptions.Item label="统一社会信用代码">{row.uscc}</Descriptions.Item>
          <Descriptions.Item label="类型">{KIND_LABELS[row.kind]}</Descriptions.Item>
          <Descriptions.Item label="上级工会">{row.parentName}</Descriptions.Item>
          <Descriptions.Item label="联系电话">{row.phone}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{chinaMinute(row.submittedAt)}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <StatusTag row={row} />
          </Descriptions.Item>
          {row.decidedAt ? <Descriptions.Item label="审核时间">{chinaMinute(row.decidedAt)}</Descriptions.Item> : null}
          {row.reason ? <Descriptions.Item label="驳回原因">{row.reason}</Descriptions.Item> : null}
        </Descriptions>
      ) : null}
    </Drawer>
  );
}
