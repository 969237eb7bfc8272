import { Alert, Modal, Typography } from 'antd';

interface Props {
  shown: { login: string; password: string } | null;
  onClose(): void;
}

/**
 * A password the server generated (reset, new operator): shown once, with a copy button; it is not
 * kept anywhere in the console, so closing the dialog is the last time it can be read.
 */
export function OneTimePassword({ shown, onClose }: Props) {
  return (
    <Modal
      open={shown !== null}
      title="新的初始密码"
      onOk={onClose}
      onCancel={onClose}
      okText="我已记下"
      cancelButtonProps={{ hidden: true }}
      destroyOnHidden
    >
      {shown ? (
        <>
          <p>
            账号 <Typography.Text strong>{shown.login}</Typography.Text> 的初始密码：
          </p>
          <Typography.Paragraph copyable={{ text: shown.password, tooltips: ['复制', '已复制'] }} code data-testid="one-time-password">
            {shown.password}
          </Typography.Paragraph>
          <Alert type="warning" showIcon title="密码只显示这一次：请当面或电话告知本人，登录后须修改。" />
        </>
      ) : null}
    </Modal>
  );
}
