import { Alert, Form, Modal } from 'antd';
import { useClickGuard } from '../../../lib/click-guard';
import type { Session } from '../../../lib/storage';
import { useChangePassword } from '../use-change-password';
import { PasswordFields, type PasswordValues } from './PasswordFields';

/**
 * 修改密码 dialog of unit users, opened from the name in the header (R14, R45). `forced`: the
 * account still has the first password its union gave (issue 10): the dialog cannot be closed.
 */
export default function PasswordDialog({
  session,
  open,
  forced = false,
  onClose,
}: {
  session: Session;
  open: boolean;
  forced?: boolean;
  onClose(): void;
}) {
  const [form] = Form.useForm<PasswordValues>();
  const { change, saving, done } = useChangePassword(session);
  const acceptOk = useClickGuard(); // the dialog's 确定 submits: 2 s anti-double-click (GuardedButton's rule)
  return (
    <Modal
      title={forced ? '首次登录，请修改初始密码' : '修改密码'}
      open={open}
      onCancel={forced ? undefined : onClose}
      closable={!forced}
      keyboard={!forced}
      cancelButtonProps={forced ? { style: { display: 'none' } } : undefined}
      onOk={(event) => acceptOk(event) && form.submit()}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ disabled: done, 'data-testid': 'password-submit' }}
      destroyOnHidden
      mask={{ closable: false }}
      width={480}
    >
      {forced && !done ? (
        <Alert
          type="warning"
          showIcon
          title="您的账号由上级工会开设，初始密码已通过短信发送。为保障账号安全，请先修改密码后再办理业务。"
          className="password-done"
        />
      ) : null}
      {done ? <Alert type="success" showIcon title="修改成功，即将返回登录页，请使用新密码登录" className="password-done" /> : null}
      <Form form={form} layout="vertical" onFinish={(values) => change(values)} disabled={done} data-testid="password-form">
        <PasswordFields />
      </Form>
    </Modal>
  );
}
