import { useEffect } from 'react';
import { Alert, Button, Drawer, Form, Input, Space } from 'antd';
import { ACCOUNT_RULES, checkAccount } from '@hall/shared/validation/account.ts';
import { checkMobile } from '@hall/shared/validation/contact.ts';
import { checkUscc } from '@hall/shared/validation/uscc.ts';
import { optionalText, requiredText } from '../../../components/form/form-kit';
import { toast } from '../../../lib/feedback';
import type { SubItem } from '../api/sub-page';
import { useAddSub, useUpdateSub } from '../api/sub-writes';

interface Values {
  uact?: string;
  name: string;
  uscc: string;
  contactName: string;
  contactPhone: string;
  address?: string;
}

/** Add or edit a subordinate unit (企业 or 分会): on add, its account and the SMS of the first password. */
export function SubFormDrawer({
  open,
  editing,
  noun,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: SubItem | null;
  noun: string;
  onClose(): void;
  onSaved(): void;
}) {
  const [form] = Form.useForm<Values>();
  const adding = useAddSub();
  const updating = useUpdateSub();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing)
      form.setFieldsValue({
        name: editing.name,
        uscc: editing.uscc,
        contactName: editing.contactName,
        contactPhone: '',
        address: editing.address,
      });
  }, [open, editing, form]);

  // A refusal was shown by the request client; the drawer stays for correction.
  function save(values: Values) {
    const saved = (text: string) => ({
      onSuccess: () => {
        toast.success(text);
        onSaved();
        onClose();
      },
    });
    if (editing) {
      const { uact: _uact, ...fields } = values;
      updating.mutate({ id: editing.id, ...fields }, saved(`${noun}信息已保存`));
    } else adding.mutate({ ...values, uact: values.uact ?? '' }, saved(`${noun}已新增，初始密码已通过短信发送至联系人手机`));
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={editing ? `编辑${noun}` : `新增${noun}`}
      size={520}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={adding.isPending || updating.isPending} onClick={() => form.submit()} data-testid="sub-save">
            保存
          </Button>
        </Space>
      }
    >
      {editing ? null : (
        <Alert
          type="info"
          showIcon
          className="org-drawer__hint"
          title="保存后系统生成初始密码，以短信发送至联系人手机；首次登录须修改密码。"
        />
      )}
      <Form form={form} layout="vertical" onFinish={save} data-testid="sub-form">
        {editing ? (
          <Form.Item label="单位账号">
            <Input value={editing.uact} disabled />
          </Form.Item>
        ) : (
          <Form.Item
            label="单位账号"
            name="uact"
            required
            extra={`${ACCOUNT_RULES.account}；${noun}凭此账号和短信收到的初始密码登录`}
            rules={[requiredText('单位账号', 20, checkAccount)]}
          >
            <Input maxLength={20} placeholder="请输入单位账号" autoComplete="off" data-testid="sub-uact" />
          </Form.Item>
        )}
        <Form.Item label="单位名称" name="name" required rules={[requiredText('单位名称', 50)]}>
          <Input maxLength={50} data-testid="sub-name" />
        </Form.Item>
        <Form.Item label="统一社会信用代码" name="uscc" required rules={[requiredText('统一社会信用代码', 18, checkUscc)]}>
          <Input maxLength={18} data-testid="sub-uscc" />
        </Form.Item>
        <Form.Item label="联系人" name="contactName" required rules={[requiredText('联系人', 20)]}>
          <Input maxLength={20} data-testid="sub-contact" />
        </Form.Item>
        <Form.Item
          label="联系人手机号码"
          name="contactPhone"
          required
          rules={[requiredText('联系人手机号码', 11, checkMobile)]}
          extra={editing ? `当前：${editing.contactPhone || '无'}；请重新输入完整号码` : '初始密码发送至此号码'}
        >
          <Input maxLength={11} inputMode="numeric" data-testid="sub-phone" />
        </Form.Item>
        <Form.Item label="地址" name="address" rules={[optionalText(100)]}>
          <Input maxLength={100} data-testid="sub-address" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
