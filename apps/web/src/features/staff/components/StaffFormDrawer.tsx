import { useEffect, useState } from 'react';
import { Alert, Button, DatePicker, Drawer, Form, Input, Select, Skeleton, Space } from 'antd';
import type { FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { PSN_TYPE_LABELS } from '@hall/shared/enrolment/index.ts';
import { checkBankCard, checkStaffName, STAFF_MESSAGES } from '@hall/shared/staff/index.ts';
import { checkContactPhone } from '@hall/shared/validation/contact.ts';
import { checkIdCard } from '@hall/shared/validation/idCard.ts';
import { GuardedButton } from '../../../components/GuardedButton';
import { optionalText, requiredChoice, requiredText, textOrUndefined } from '../../../components/form/form-kit';
import { toast } from '../../../lib/feedback';
import { useAddStaff } from '../api/add-staff';
import { fetchStaff } from '../api/staff-by-id';
import type { StaffItem } from '../api/staff-page';
import { useUpdateStaff } from '../api/update-staff';
import { chinaToday } from '../../../lib/format';
import '../../../lib/dayjs-zh';

interface Values {
  name?: string;
  certNo?: string;
  psnType?: string;
  phone?: string;
  bankName?: string;
  bankCard?: string;
  joinedOn?: Dayjs;
}

const PSN_OPTIONS = Object.entries(PSN_TYPE_LABELS).map(([value, label]) => ({ value, label }));

/** 开户银行 is needed once a card is typed (a new one, or the one on record when editing). */
const bankNameRule =
  (cardOnRecord: boolean): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const typed = textOrUndefined(value);
      if (!typed && (textOrUndefined(getFieldValue('bankCard')) || cardOnRecord)) throw new Error(STAFF_MESSAGES.bankName);
      if (typed && typed.length > 50) throw new Error('字段长度不能超过50');
    },
  });

/**
 * 新增 / 编辑 in a drawer. Adding takes the person (name and ID number, checked as the server
 * checks them); editing changes the type, phone, bank and joining date (the card on record is
 * shown masked; a new number replaces it).
 */
export function StaffFormDrawer({
  editing,
  open,
  onClose,
  onSaved,
}: {
  editing: StaffItem | null;
  open: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const [form] = Form.useForm<Values>();
  const adding = useAddStaff();
  const updating = useUpdateStaff();
  const [loading, setLoading] = useState(false);
  const [cardOnRecord, setCardOnRecord] = useState('');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setCardOnRecord('');
    if (!editing) return;
    setLoading(true);
    fetchStaff(editing.id)
      .then((staff) => {
        setCardOnRecord(staff.bankCard);
        form.setFieldsValue({
          name: staff.name,
          certNo: staff.certNo,
          psnType: staff.psnType,
          phone: staff.phone,
          bankName: staff.bankName,
          joinedOn: dayjs(staff.joinedOn),
        });
      })
      .catch(() => onClose())
      .finally(() => setLoading(false));
  }, [open, editing, form, onClose]);

  // A refusal is shown by the request client (toast); the form stays for correction.
  function submit(values: Values) {
    const common = {
      psnType: values.psnType!,
      phone: textOrUndefined(values.phone),
      bankName: textOrUndefined(values.bankName),
      bankCard: textOrUndefined(values.bankCard),
      joinedOn: values.joinedOn!.format('YYYY-MM-DD'),
    };
    const saved = (text: string) => ({
      onSuccess: () => {
        toast.success(text);
        onSaved();
      },
    });
    if (editing) updating.mutate({ id: editing.id, ...common }, saved('已保存'));
    else
      adding.mutate(
        { name: textOrUndefined(values.name)!, certNo: textOrUndefined(values.certNo)!.toUpperCase(), ...common },
        saved('已新增互助人员'),
      );
  }

  const today = chinaToday();
  return (
    <Drawer
      title={editing ? `编辑互助人员：${editing.name}` : '新增互助人员'}
      open={open}
      onClose={onClose}
      size="large"
      destroyOnHidden
      rootClassName="staff-drawer"
      footer={
        <Space className="staff-drawer__footer">
          <Button onClick={onClose}>取消</Button>
          <GuardedButton
            type="primary"
            loading={adding.isPending || updating.isPending}
            onClick={() => form.submit()}
            data-testid="staff-form-submit"
          >
            保存
          </GuardedButton>
        </Space>
      }
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} scrollToFirstError data-testid="staff-form">
          {editing ? null : (
            <Alert
              className="staff-drawer__hint"
              type="info"
              showIcon
              message="须已办理医保参保登记，且不在其他单位在职；姓名须与参保登记一致。"
            />
          )}
          <Form.Item label="姓名" name="name" required={!editing} rules={editing ? [] : [requiredText('姓名', 30, checkStaffName)]}>
            <Input maxLength={30} disabled={!!editing} data-testid="staff-name" autoComplete="off" />
          </Form.Item>
          <Form.Item
            label="身份证号码"
            name="certNo"
            required={!editing}
            rules={editing ? [] : [requiredText('身份证号码', 18, checkIdCard)]}
            extra={editing ? undefined : '性别和出生日期由身份证号码自动识别'}
          >
            <Input maxLength={18} disabled={!!editing} data-testid="staff-certNo" autoComplete="off" />
          </Form.Item>
          <Form.Item label="人员类别" name="psnType" required rules={[requiredChoice('人员类别')]}>
            <Select options={PSN_OPTIONS} placeholder="请选择" data-testid="staff-psnType" />
          </Form.Item>
          <Form.Item
            label="联系电话"
            name="phone"
            rules={[optionalText(20, checkContactPhone)]}
            extra="单位掌握的联系电话（手机或固定电话）"
          >
            <Input maxLength={20} data-testid="staff-phone" autoComplete="off" />
          </Form.Item>
          <Form.Item label="开户银行" name="bankName" dependencies={['bankCard']} rules={[bankNameRule(!!cardOnRecord)]}>
            <Input maxLength={50} data-testid="staff-bankName" placeholder="如：中国工商银行长沙分行" />
          </Form.Item>
          <Form.Item
            label="银行卡号"
            name="bankCard"
            rules={[optionalText(30, checkBankCard)]}
            extra={cardOnRecord ? `当前：${cardOnRecord}；不修改请留空` : '用于发放互助待遇'}
          >
            <Input maxLength={30} data-testid="staff-bankCard" autoComplete="off" inputMode="numeric" />
          </Form.Item>
          <Form.Item label="入职日期" name="joinedOn" required rules={[requiredChoice('入职日期')]}>
            <DatePicker
              className="staff-drawer__date"
              disabledDate={(d) => d.format('YYYY-MM-DD') > today}
              data-testid="staff-joinedOn"
              placeholder="请选择日期"
            />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
