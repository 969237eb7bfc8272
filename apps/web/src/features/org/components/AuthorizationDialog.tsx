import { Alert, Form, Input, Modal } from 'antd';
import { toast } from '../../../lib/feedback';
import type { SubItem } from '../api/sub-page';
import { useSetSubAuthorization } from '../api/sub-writes';

/** 解除授权 / 恢复授权 of a branch: a confirmation with a required reason (audited, mailed to the branch). */
export function AuthorizationDialog({ target, onClose, onDone }: { target: SubItem | null; onClose(): void; onDone(): void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const authorizing = useSetSubAuthorization();
  const releasing = target?.authState !== '2';
  const action = releasing ? '解除授权' : '恢复授权';
  const save = ({ reason }: { reason: string }) =>
    target &&
    authorizing.mutate(
      { id: target.id, authState: releasing ? '2' : '1', reason },
      {
        onSuccess: () => {
          toast.success(`已${action}`);
          onDone();
          onClose();
        },
      },
    );
  return (
    <Modal
      open={target !== null}
      title={target ? `${action}：${target.name}` : action}
      okText={`确认${action}`}
      okButtonProps={{ loading: authorizing.isPending, 'data-testid': 'auth-confirm' } as never}
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
