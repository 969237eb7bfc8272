import { Checkbox, Form, Input, Modal } from 'antd';
import { OPERATOR_ROLE_LABELS, OPERATOR_ROLES, type OperatorRole } from '@hall/shared/operator-roles.ts';
import type { OperatorAccount } from '../api/operator-list';

export interface OperatorFields {
  login: string;
  name: string;
  roles: OperatorRole[];
}

interface Props {
  /** 'new': 新建操作员; an operator: its roles (login and name stay). null: closed. */
  editing: 'new' | OperatorAccount | null;
  pending: boolean;
  onCancel(): void;
  onSubmit(fields: OperatorFields): Promise<unknown>;
}

const ROLE_OPTIONS = OPERATOR_ROLES.map((role) => ({ value: role, label: OPERATOR_ROLE_LABELS[role] }));

/** 新建操作员 (account, name, roles) or 设置角色 of one: the roles as checkboxes, at least one. */
export function OperatorDialog({ editing, pending, onCancel, onSubmit }: Props) {
  const [form] = Form.useForm<OperatorFields>();
  const isNew = editing === 'new';
  const initial = editing && editing !== 'new' ? { login: editing.login, name: editing.name, roles: editing.roles } : { roles: [] };
  const submit = async () => {
    const fields = await form.validateFields();
    await onSubmit({ ...fields, login: fields.login.trim(), name: fields.name.trim() });
  };
  return (
    <Modal
      open={editing !== null}
      title={isNew ? '新建操作员' : `设置角色：${initial && 'name' in initial ? initial.name : ''}`}
      okText={isNew ? '新建' : '保存'}
      cancelText="取消"
      okButtonProps={{ loading: pending, 'data-testid': 'operator-confirm' }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={initial} onFinish={() => void submit().catch(() => undefined)}>
        <Form.Item label="操作员账号" name="login" rules={[{ required: true, whitespace: true, message: '请输入操作员账号' }]}>
          <Input maxLength={32} disabled={!isNew} autoComplete="off" data-testid="operator-login" />
        </Form.Item>
        <Form.Item label="操作员姓名" name="name" rules={[{ required: true, whitespace: true, message: '请输入操作员姓名' }]}>
          <Input maxLength={20} disabled={!isNew} autoComplete="off" data-testid="operator-name" />
        </Form.Item>
        <Form.Item label="角色" name="roles" rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个角色' }]}>
          <Checkbox.Group options={ROLE_OPTIONS} data-testid="operator-roles" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
