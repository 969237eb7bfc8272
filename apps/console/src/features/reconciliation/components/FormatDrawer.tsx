import { useEffect } from 'react';
import { Button, Drawer, Form, Input } from 'antd';
import { STATEMENT_FIELD_KEYS, STATEMENT_FIELDS } from '@hall/shared/money/reconciliation.ts';
import type { BankFormat } from '../api/statements';

interface Props {
  open: boolean;
  bank: string;
  saved: BankFormat | undefined;
  pending: boolean;
  onClose(): void;
  onSave(columns: Record<string, string>): Promise<unknown>;
}

/**
 * 列对应: the headers of one bank's export, per field. A blank field is found by the headers
 * common banks use (shown as the placeholder), so most banks need nothing saved.
 */
export function FormatDrawer({ open, bank, saved, pending, onClose, onSave }: Props) {
  const [form] = Form.useForm<Record<string, string>>();
  useEffect(() => {
    if (open) form.setFieldsValue(Object.fromEntries(STATEMENT_FIELD_KEYS.map((k) => [k, saved?.columns[k] ?? ''])));
  }, [open, saved, form]);
  const save = async () => {
    const values = await form.validateFields();
    await onSave(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, (v ?? '').trim()])));
    onClose();
  };
  return (
    <Drawer
      open={open}
      title={`${bank} 对账单列名`}
      size={420}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" loading={pending} onClick={() => void save().catch(() => undefined)} data-testid="format-save">
          保存
        </Button>
      }
    >
      <p className="credit-note">按该银行导出文件第一行表头的文字填写；不填的列按常见列名自动识别。</p>
      <Form form={form} layout="vertical">
        {STATEMENT_FIELD_KEYS.map((k) => (
          <Form.Item key={k} label={STATEMENT_FIELDS[k].label} name={k}>
            <Input maxLength={30} placeholder={STATEMENT_FIELDS[k].headers.slice(0, 3).join(' / ')} data-testid={`format-${k}`} />
          </Form.Item>
        ))}
      </Form>
    </Drawer>
  );
}
